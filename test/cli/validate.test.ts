import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './capture';
import { chapterBlocks } from '../reference/chapter';

function tmp(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'validate-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('cdk8s-capi validate (in process)', () => {
  test('the reference chapter, envsubst-filled: the RKE2ControlPlane layout error and the invalid Butane YAML, with lines', async () => {
    const blocks = chapterBlocks();
    const dir = tmp({ 'bmh-example-node1.yaml': `${blocks[0]}\n`, 'capi-provisioning-example.yaml': `${blocks.slice(1).join('\n---\n')}\n` });
    const r = await run(['validate', dir]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    const cap = `${dir}/capi-provisioning-example.yaml`;
    expect(lines).toEqual(expect.arrayContaining([
      `${cap}:47 RKE2ControlPlane/multinode-cluster spec.infrastructureRef: unknown field "spec.infrastructureRef" (controlplane.cluster.x-k8s.io/v1beta2 moved spec.infrastructureRef to spec.machineTemplate.spec.infrastructureRef ({apiGroup, kind, name}))`,
      expect.stringMatching(new RegExp(`^${cap}:199 RKE2ControlPlane/multinode-cluster spec.agentConfig.additionalUserData.config: YAML syntax error: .* at line 130`)),
      expect.stringMatching(new RegExp(`^${cap}:230 RKE2ControlPlane/multinode-cluster spec.agentConfig.additionalUserData.config: YAML syntax error: duplicate key "mode"`)),
      expect.stringMatching(/bmh-example-node1.yaml:7 Secret\/node1-example-credentials data.username: placeholder \$\{BMC_NODE1_USERNAME\} in base64 data is never substituted \(put the placeholder in stringData/),
      expect.stringMatching(/capi-provisioning-example.yaml:65 RKE2ControlPlane\/multinode-cluster spec.serverConfig.tlsSan\[3\]: "https:\/\/fd00:dead:beef::100.sslip.io" is a URL, not a DNS name or an IP address: no client can match it \(write the name alone: fd00-dead-beef--100.sslip.io\)/),
    ]));
    // The RKE2ControlPlane has schema errors of its own: the Cluster's reference to it is not "missing" too.
    expect(r.stdout).not.toMatch(/not among the validated objects/);
    expect(r.stderr).toMatch(/^13 errors, 0 warnings in 11 objects from 2 files$/m);
  });

  test('each example\'s committed dist/ is valid: exit 0, only the BMC credential placeholders left for substitution', async () => {
    const dirs = ['reference-multinode', 'reference-hosts', 'eksa-docker', 'eksa-tinkerbell', 'eksa-vsphere', 'inventories/dual-stack-site', 'inventories/edge-single-node', 'inventories/eksa-tinkerbell', 'inventories/reference-multinode'];
    for (const d of dirs) {
      const r = await run(['validate', `dist/${d}`]);
      const lines = r.stdout.trim() ? r.stdout.trim().split('\n') : [];
      for (const l of lines) expect(l).toMatch(/ Secret\/[a-z0-9-]+-credentials stringData\.password: warning: placeholders \$\{BMC_\w+_PASSWORD\}, \$\{BMC_\w+_USERNAME\} are not substituted yet/);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(new RegExp(`^0 errors, ${lines.length} warnings? in \\d+ objects`, 'm'));
    }
  });

  test('all of dist/ as one set: the examples that enroll the same hosts are reported as identical duplicates', async () => {
    const r = await run(['validate', 'dist/']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/reference-multinode\/multinode-cluster\.k8s\.yaml:\d+ BareMetalHost\/node1-example metadata\.name: warning: BareMetalHost default\/node1-example is defined more than once in the input \(objects #\d+ and #\d+\), identically/);
  });

  test('stdin with -', async () => {
    const r = await run(['validate', '-'], 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: Bad_Name\n');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^<stdin>:4 Secret\/Bad_Name metadata.name: Invalid value: "Bad_Name"/);
  });

  test('YAML syntax errors point at the line', async () => {
    const dir = tmp({ 'broken.yaml': 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: a\n   bad: indent\n' });
    const r = await run(['validate', join(dir, 'broken.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/broken.yaml:4 YAML: Nested mappings are not allowed/);
  });

  test('--output json lists findings with file, line, kind, name, field, rule and severity', async () => {
    const r = await run(['validate', '-', '--output', 'json'], 'apiVersion: metal3.io/v1alpha1\nkind: BareMetalHost\nmetadata:\n  name: n1\nspec:\n  online: true\n  bmc:\n    address: ilo5://10.0.0.1\n    credentialsName: c\n');
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.valid).toBe(false);
    expect(json.findings).toEqual([expect.objectContaining({
      file: '<stdin>',
      line: 8,
      kind: 'BareMetalHost',
      name: 'n1',
      field: 'spec.bmc.address',
      rule: 'bmo/bmc-type',
      severity: 'error',
      message: "Unknown BMC type 'ilo5' for address ilo5://10.0.0.1",
    })]);
  });

  test('warnings pass unless --strict', async () => {
    const even = 'apiVersion: controlplane.cluster.x-k8s.io/v1beta2\nkind: RKE2ControlPlane\nmetadata:\n  name: c\nspec:\n  replicas: 2\n  version: v1.36.3+rke2r1\n  registrationMethod: address\n  registrationAddress: 10.0.0.1\n  rolloutStrategy:\n    type: RollingUpdate\n  machineTemplate:\n    spec:\n      infrastructureRef: {apiGroup: infrastructure.cluster.x-k8s.io, kind: Metal3MachineTemplate, name: t}\n';
    const lax = await run(['validate', '-'], even);
    expect(lax.code).toBe(0);
    expect(lax.stdout).toMatch(/<stdin>:6 RKE2ControlPlane\/c spec.replicas: warning: 2 control-plane nodes give etcd no more fault tolerance than 1/);
    expect((await run(['validate', '-', '--strict'], even)).code).toBe(1);
  });

  test('a kind without a pinned schema is not checked: a warning, an error only under --strict', async () => {
    // DockerCluster: CAPD's kind in the group CAPI shares with every infrastructure provider.
    const docker = 'apiVersion: infrastructure.cluster.x-k8s.io/v1beta2\nkind: DockerCluster\nmetadata:\n  name: c\nspec: {}\n';
    const lax = await run(['validate', '-', '--output', 'json'], docker);
    expect(lax.code).toBe(0);
    expect(JSON.parse(lax.stdout)).toMatchObject({ valid: true, errors: 0, warnings: 1, findings: [{ rule: 'schema/unknown-kind', severity: 'warning', message: 'no schema for DockerCluster in infrastructure.cluster.x-k8s.io/v1beta2: not checked' }] });
    const strict = await run(['validate', '-', '--strict', '--output', 'json'], docker);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout)).toMatchObject({ valid: false, errors: 1, warnings: 0, findings: [{ rule: 'schema/unknown-kind', severity: 'error' }] });
  });

  test('--against: a two-minor jump and an edited template under the same name', async () => {
    const cp = (v: string) => `apiVersion: controlplane.cluster.x-k8s.io/v1beta2\nkind: RKE2ControlPlane\nmetadata:\n  name: c\nspec:\n  replicas: 1\n  version: ${v}\n  registrationMethod: address\n  registrationAddress: 10.0.0.1\n  rolloutStrategy:\n    type: RollingUpdate\n  machineTemplate:\n    spec:\n      infrastructureRef: {apiGroup: infrastructure.cluster.x-k8s.io, kind: Metal3MachineTemplate, name: t}\n`;
    const mt = (url: string) => `apiVersion: infrastructure.cluster.x-k8s.io/v1beta2\nkind: Metal3MachineTemplate\nmetadata:\n  name: t\nspec:\n  template:\n    spec:\n      image: {url: '${url}', checksum: '${url}.sha256', checksumType: sha256, diskFormat: raw}\n`;
    const old = tmp({ 'a.yaml': `${cp('v1.33.5+rke2r1')}---\n${mt('http://img/a.raw')}` });
    const now = tmp({ 'a.yaml': `${cp('v1.35.1+rke2r1')}---\n${mt('http://img/b.raw')}` });
    const r = await run(['validate', now, '--against', old]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/a.yaml:7 RKE2ControlPlane\/c spec.version: cannot upgrade from v1.33.5\+rke2r1 to v1.35.1\+rke2r1: the control plane moves one minor version at a time/);
    expect(r.stdout).toMatch(/Metal3MachineTemplate\/t spec: warning: Metal3MachineTemplate t changed content but kept its name/);
    const ok = await run(['validate', old, '--against', old]);
    expect(ok.code).toBe(0);
  });

  test('usage and I/O errors exit 2 without a stack trace', async () => {
    const missing = await run(['validate', '/nonexistent/dir']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('error: cannot read /nonexistent/dir: no such file or directory\n');
    const noArgs = await run(['validate']);
    expect(noArgs.code).toBe(2);
    expect(noArgs.stderr).toMatch(/missing required argument 'paths'/);
    const badOpt = await run(['validate', 'dist', '--output', 'xml']);
    expect(badOpt.code).toBe(2);
    expect(badOpt.stderr).toMatch(/Allowed choices are text, json/);
  });

  test('files that are neither YAML nor hardware.csv are reported', async () => {
    const dir = tmp({ 'notes.txt': 'hello' });
    const r = await run(['validate', join(dir, 'notes.txt')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/notes.txt:1 not a YAML manifest or a hardware.csv file/);
  });

  test('--help has examples and exit codes', async () => {
    const r = await run(['validate', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Examples:/);
    expect(r.stdout).toMatch(/Exit codes: 0 valid, 1 invalid/);
  });

  test('hardware.csv: parsed with eksctl rules, and counted against the Tinkerbell selectors', async () => {
    const cluster = readFileSync(join('dist', 'eksa-tinkerbell', 'metal-eks-a-cluster.yaml'), 'utf8');
    const csv = readFileSync(join('dist', 'eksa-tinkerbell', 'hardware.csv'), 'utf8').split('\n');
    const few = tmp({ 'metal-eks-a-cluster.yaml': cluster, 'hardware.csv': `${csv.slice(0, 2).join('\n')}\n` });
    const r = await run(['validate', few]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/metal-eks-a-cluster.yaml:\d+ Cluster\/metal spec.controlPlaneConfiguration.machineGroupRef: minimum hardware count not met for selector '{"type":"cp"}': have 1, require 3/);
    const dupMac = tmp({ 'hardware.csv': `${csv[0]}\n${csv[1]}\n${csv[2].replace('0c:c4:7a:6b:00:02', '0c:c4:7a:6b:00:01')}\n` });
    const d = await run(['validate', join(dupMac, 'hardware.csv')]);
    expect(d.code).toBe(1);
    expect(d.stdout).toMatch(/hardware.csv:3 column mac: .*0c:c4:7a:6b:00:01/);
  });

  test('--against on EKS Anywhere specs: the upgrade preflights (two minors at once)', async () => {
    const file = readdirSync(join('dist', 'eksa-docker')).find(f => f.endsWith('.yaml'))!;
    const text = readFileSync(join('dist', 'eksa-docker', file), 'utf8');
    const from = text.match(/kubernetesVersion: "(1\.\d+)"/)![1];
    const minor = Number(from.split('.')[1]);
    const old = tmp({ [file]: text.replace(`kubernetesVersion: "${from}"`, `kubernetesVersion: "1.${minor - 2}"`) });
    const r = await run(['validate', join('dist', 'eksa-docker'), '--against', old]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/only \+1 minor version skew is supported, minor version skew detected 2/);
    expect((await run(['validate', join('dist', 'eksa-docker'), '--against', join('dist', 'eksa-docker')])).code).toBe(0);
  });
});
