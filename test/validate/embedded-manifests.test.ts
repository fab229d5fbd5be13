// Manifests carried to RKE2's manifests directory are validated as objects with every rule, as one
// set per workload cluster (not the management set), and each finding points at the embedded
// object's line inside the embedding file — through Butane inline text, CAPRKE2 files, and at the
// carrying field when the text is encoded (base64, gzip, a data: URL, a Secret of the set).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LocatedFinding } from '../../src/core/finding';
import { loadInput } from '../../src/validate/input-load';
import { validateInput } from '../../src/validate/validate-input';

const DIR = '/var/lib/rancher/rke2/server/manifests';
let tmp: string;
beforeAll(() => { tmp = mkdtempSync(join(tmpdir(), 'embedded-')); });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Validates the text as one input file; returns the findings and the text's lines. */
function run(text: string): { findings: LocatedFinding[]; lines: string[] } {
  const file = join(tmp, `m${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, text);
  return { findings: validateInput(loadInput([file])).findings, lines: text.split('\n') };
}
/** 1-based line of the first line containing `needle` (after line `after`). */
const lineOf = (lines: string[], needle: string, after = 0) => lines.findIndex((l, i) => i >= after && l.includes(needle)) + 1;
const indent = (text: string, n: number) => text.split('\n').map(l => (l ? ' '.repeat(n) + l : l)).join('\n');

const POOL_BAD = `apiVersion: metallb.io/v1beta1
kind: IPAddressPool
metadata:
  name: vip
  namespace: metallb-system
spec:
  addresses:
    - 192.168.125.100/32
  autoAssign: maybe
`;
const pool = (name: string, address: string) => `apiVersion: metallb.io/v1beta1
kind: IPAddressPool
metadata:
  name: ${name}
  namespace: metallb-system
spec:
  addresses:
    - ${address}
`;

/** A v1beta2 RKE2ControlPlane whose agentConfig/files are the given YAML (already indented two spaces under spec). */
function controlPlane(specTail: string, name = 'c1'): string {
  return `apiVersion: controlplane.cluster.x-k8s.io/v1beta2
kind: RKE2ControlPlane
metadata:
  name: ${name}
  namespace: default
spec:
  version: v1.33.6+rke2r1
  replicas: 1
  rolloutStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
  registrationMethod: address
  registrationAddress: 192.168.125.100
  machineTemplate:
    spec:
      infrastructureRef:
        apiGroup: infrastructure.cluster.x-k8s.io
        kind: Metal3MachineTemplate
        name: c1-cp
  serverConfig:
    cni: cilium
${specTail}`;
}

const butane = (files: string) => `  agentConfig:
    format: ignition
    additionalUserData:
      config: |
        variant: fcos
        version: 1.4.0
        storage:
          files:
${indent(files, 12)}
`;
const butaneInline = (name: string, text: string) => `- path: ${DIR}/${name}
  contents:
    inline: |
${indent(text, 6)}`;
const specFiles = (entries: string) => `  agentConfig: {}\n  files:\n${indent(entries, 4)}\n`;

const about = (f: LocatedFinding[], rule: string) => f.filter(x => x.rule === rule);

describe('embedded manifests', () => {
  test('a schema error in a Butane inline manifest points at its line in the embedding file', () => {
    const { findings, lines } = run(controlPlane(butane(butaneInline('pool.yaml', POOL_BAD))));
    const f = about(findings, 'schema/type');
    expect(f).toHaveLength(1);
    expect(f[0].kind).toBe('RKE2ControlPlane');
    expect(f[0].field).toMatch(/^spec\.agentConfig\.additionalUserData\.config: \/var\/lib\/rancher\/rke2\/server\/manifests\/pool\.yaml IPAddressPool\/vip spec\.autoAssign$/);
    expect(f[0].line).toBe(lineOf(lines, 'autoAssign: maybe'));
  });

  test('a schema error in a CAPRKE2 files entry points at its line inside content', () => {
    const { findings, lines } = run(controlPlane(specFiles(`- path: ${DIR}/pool.yaml\n  owner: root:root\n  permissions: "0644"\n  content: |\n${indent(POOL_BAD, 4)}`)));
    const f = about(findings, 'schema/type');
    expect(f.map(x => [x.field, x.line])).toEqual([[`spec.files[0].content: ${DIR}/pool.yaml IPAddressPool/vip spec.autoAssign`, lineOf(lines, 'autoAssign: maybe')]]);
  });

  test('encoded contents are decoded and validated; the finding points at the carrying field', () => {
    const b64 = Buffer.from(POOL_BAD).toString('base64');
    const gz = gzipSync(Buffer.from(POOL_BAD)).toString('base64');
    const { findings, lines } = run(controlPlane(specFiles([
      `- path: ${DIR}/a.yaml\n  encoding: base64\n  content: ${b64}`,
      `- path: ${DIR}/b.yaml\n  encoding: gzip+base64\n  content: ${gz}`,
      `- path: ${DIR}/c.yaml\n  contentFrom:\n    secret:\n      name: pool\n      key: pool.yaml`,
    ].join('\n'))) + `---
apiVersion: v1
kind: Secret
metadata:
  name: pool
  namespace: default
stringData:
  pool.yaml: |
${indent(POOL_BAD, 4)}`);
    const f = about(findings, 'schema/type').filter(x => x.kind === 'RKE2ControlPlane');
    expect(f.map(x => [x.field.split(' ')[0], x.line])).toEqual([
      ['spec.files[0].content:', lineOf(lines, `content: ${b64}`)],
      ['spec.files[1].content:', lineOf(lines, `content: ${gz}`)],
      ['spec.files[2].contentFrom:', lineOf(lines, 'contentFrom:')],
    ]);
  });

  test('a gzip data: URL in Butane is decoded and validated, pointing at its source line', () => {
    const url = `data:;base64,${gzipSync(Buffer.from(POOL_BAD)).toString('base64')}`;
    const { findings, lines } = run(controlPlane(butane(`- path: ${DIR}/pool.yaml\n  contents:\n    source: "${url}"\n    compression: gzip`)));
    const f = about(findings, 'schema/type');
    expect(f.map(x => x.line)).toEqual([lineOf(lines, 'source: "data:')]);
  });

  test('cross-object rules run within the workload cluster\'s manifests, not against the management set', () => {
    const management = `---\n${pool('vip', '192.168.125.0/29')}`;
    const { findings, lines } = run(controlPlane(butane([butaneInline('a.yaml', pool('a', '192.168.125.0/30')), butaneInline('b.yaml', pool('b', '192.168.125.2/31'))].join('\n'))) + management);
    const overlaps = about(findings, 'metallb/overlap');
    // The two embedded pools overlap each other (reported on the carrier, at the later pool's address
    // line); the management cluster's pool overlaps both but is in another cluster: nothing about it.
    expect(overlaps.map(x => [x.kind, x.line])).toEqual([['RKE2ControlPlane', lineOf(lines, '192.168.125.2/31')]]);
    expect(overlaps[0].message).not.toMatch(/vip/);
  });

  test('the same object in two files of one control plane is a duplicate; in two clusters it is not', () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: default\ndata:\n  a: "1"\n';
    const one = run(controlPlane(specFiles(`- path: ${DIR}/a.yaml\n  content: |\n${indent(cm, 4)}\n- path: ${DIR}/b.yaml\n  content: |\n${indent(cm.replace('"1"', '"2"'), 4)}`)));
    expect(about(one.findings, 'set/duplicate-object').map(f => f.field.split(' ')[0])).toEqual(expect.arrayContaining(['spec.files[1].content:']));
    const two = run(controlPlane(specFiles(`- path: ${DIR}/a.yaml\n  content: |\n${indent(cm, 4)}`)) + `---\n${controlPlane(specFiles(`- path: ${DIR}/a.yaml\n  content: |\n${indent(cm.replace('"1"', '"2"'), 4)}`), 'c2')}`);
    expect(about(two.findings, 'set/duplicate-object')).toEqual([]);
  });

  test('files RKE2 does not read are not validated as objects; a List contributes its items', () => {
    const list = `apiVersion: v1\nkind: List\nitems:\n${indent(`- ${POOL_BAD.split('\n').join('\n  ')}`, 0)}`;
    const { findings, lines } = run(controlPlane(specFiles([
      `- path: ${DIR}/pool.yaml.tmpl\n  content: |\n${indent(POOL_BAD, 4)}`,
      `- path: ${DIR}/list.yaml\n  content: |\n${indent(list, 4)}`,
    ].join('\n'))));
    const f = about(findings, 'schema/type');
    expect(f.map(x => [x.field.split(' ')[0], x.line])).toEqual([['spec.files[1].content:', lineOf(lines, 'autoAssign: maybe', lineOf(lines, 'list.yaml'))]]);
    expect(about(findings, 'rke2/manifest-skipped').map(x => x.line)).toEqual([lineOf(lines, 'pool.yaml.tmpl')]);
  });

  test('a YAML error in a carried file points at its line', () => {
    const { findings, lines } = run(controlPlane(specFiles(`- path: ${DIR}/bad.yaml\n  content: |\n    a: [b\n    c: d\n`)));
    const f = about(findings, 'embedded/yaml/syntax');
    expect(f).toHaveLength(1);
    expect(f[0].line).toBeGreaterThanOrEqual(lineOf(lines, 'a: [b'));
    expect(f[0].line).toBeLessThanOrEqual(lineOf(lines, 'c: d') + 1);
  });
});
