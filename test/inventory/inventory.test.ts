import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { fleetInventory } from '../../bench/fleet-inventory';
import { KubeObject } from '../../src/core/kube-object';
import { GitOpsFlavor } from '../../src/gitops/layout';
import { buildInventory } from '../../src/inventory/build';
import { InventoryError, loadInventory } from '../../src/inventory/load';
import { OutputDirError, renderOutput, writeOutput } from '../../src/inventory/write';
import { errorLines } from '../util';

const EXAMPLES = join(__dirname, '..', '..', 'examples', 'inventories');

function tmpInventory(text: string, extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'inv-'));
  for (const [n, t] of Object.entries(extra)) writeFileSync(join(dir, n), t);
  const file = join(dir, 'inventory.yaml');
  writeFileSync(file, text);
  return file;
}

function problems(text: string, extra?: Record<string, string>): string[] {
  try {
    const loaded = loadInventory(tmpInventory(text, extra));
    return buildInventory(loaded).problems.map(p => `${p.line} ${p.path}: ${p.message}`);
  } catch (e) {
    if (e instanceof InventoryError) return e.problems.map(p => `${p.line} ${p.path}: ${p.message}`);
    throw e;
  }
}

const MINIMAL = `apiVersion: cdk8s-capi.io/v1alpha1
kind: Inventory
clusters:
  - name: site1
    type: rke2-multinode
    hosts:
      - name: n1
        role: control-plane
        bmcAddress: redfish-virtualmedia://10.0.0.1/redfish/v1/Systems/1
        bootMacAddress: 0c:c4:7a:00:00:01
    rke2:
      version: v1.36.3+rke2r1
      apiVip: { ipv4: 192.168.125.100 }
      controlPlane: { replicas: 1, image: { url: http://img/cp.raw } }
`;

describe('inventory loading (schema, positions)', () => {
  test('a minimal inventory builds', () => {
    expect(problems(MINIMAL)).toEqual([]);
  });

  test('schema errors point at file:line and the path', () => {
    expect(problems(MINIMAL.replace('        bootMacAddress: 0c:c4:7a:00:00:01\n', '        bootMacAdress: 0c:c4:7a:00:00:01\n'))).toEqual([
      '7 clusters[0].hosts[0]: bootMacAddress is required',
      '10 clusters[0].hosts[0].bootMacAdress: unknown field "bootMacAdress"',
    ]);
    expect(problems(MINIMAL.replace('type: rke2-multinode', 'type: rke2'))).toEqual(['5 clusters[0].type: must be one of "rke2-multinode", "rke2-single-node", "eksa"']);
    expect(problems(MINIMAL.replace('{ ipv4: 192.168.125.100 }', '{ ipv4: 192.168.125.300 }'))).toEqual(['13 clusters[0].rke2.apiVip.ipv4: must be an ipv4 address']);
    expect(problems(MINIMAL.replace('kind: Inventory', 'kind: Sites'))).toEqual(['2 kind: must be "Inventory"']);
  });

  test('rollout: and cluster labels are accepted; bad values name the field and what is valid', () => {
    const rollout = (r: string) => MINIMAL.replace('clusters:\n', `rollout:\n${r}clusters:\n`);
    expect(problems(rollout('  waves: [1, "10%", "50%", "100%"]\n  maxParallel: 5\n  soak: 10m\n  maxFailures: "5%"\n  canaryLabel: canary=true\n  orderBy: region\n'))).toEqual([]);
    expect(problems(MINIMAL.replace('    type: rke2-multinode\n', '    type: rke2-multinode\n    labels: { region: west }\n'))).toEqual([]);
    expect(problems(rollout('  waves: [0, "150%"]\n  soak: ten minutes\n  maxFailures: -1\n  maxParallel: 0\n'))).toEqual([
      '4 rollout.waves[0]: must be a cluster count (1 or more) or a share of the fleet such as "10%"',
      '4 rollout.waves[1]: must be a cluster count (1 or more) or a share of the fleet such as "10%"',
      '7 rollout.maxParallel: must be >= 1',
      '5 rollout.soak: must be a duration such as 30s, 10m or 1h30m',
      '6 rollout.maxFailures: must be a count (0 or more) or a share of the fleet such as "5%"',
    ]);
  });

  test('YAML syntax errors and duplicate cluster names', () => {
    expect(problems(`${MINIMAL}  - name: [unclosed\n`)[0]).toMatch(/^\d+ : YAML: /);
    const twice = MINIMAL + MINIMAL.split('clusters:\n')[1];
    expect(problems(twice)).toEqual(['15 clusters[1].name: cluster site1 is already defined at clusters[0]']);
  });

  test('construct errors are reported at the host or cluster line, naming the prop', () => {
    expect(problems(MINIMAL.replace('redfish-virtualmedia://10.0.0.1', 'ilo5://10.0.0.1'))).toEqual([
      expect.stringMatching(/^7 clusters\[0\].hosts\[0\] \(n1\): bmcAddress \(spec.bmc.address\): Unknown BMC type 'ilo5'/),
    ]);
    expect(problems(MINIMAL.replace('replicas: 1', 'replicas: 3'))).toEqual([
      expect.stringMatching(/^4 clusters\[0\] \(site1\): .*3 control-plane replicas but only 1 BareMetalHost/),
    ]);
    expect(problems(MINIMAL.replace('      version: v1.36.3+rke2r1\n', ''))).toEqual([expect.stringMatching(/^4 clusters\[0\] \(site1\): rke2.version: Required value/)]);
  });

  test('plaintext credentials need allowPlaintextCredentials', () => {
    const plain = MINIMAL.replace('        bootMacAddress: 0c:c4:7a:00:00:01\n', '        bootMacAddress: 0c:c4:7a:00:00:01\n        credentials: { username: admin, password: secret }\n');
    expect(problems(plain)).toEqual([expect.stringMatching(/plaintext BMC credentials would be written/)]);
    expect(problems(plain.replace('kind: Inventory\n', 'kind: Inventory\nallowPlaintextCredentials: true\n'))).toEqual([]);
  });

  test('hosts from a hardware.csv-shaped file: roles from type=, networks from the row, errors at the CSV line', () => {
    const csv = 'hostname,bmc_ip,bmc_username,bmc_password,mac,ip_address,netmask,gateway,nameservers,labels,disk\n'
      + 'n1,10.0.0.1,${U1},${P1},0c:c4:7a:00:00:01,192.168.1.11,255.255.255.0,192.168.1.1,192.168.1.1,type=cp|rack=a,/dev/sda\n';
    const inv = MINIMAL.replace(/ {4}hosts:\n(.|\n)*?(?= {4}rke2:)/, '    hostsCsv: { file: hosts.csv, bmcScheme: idrac-virtualmedia }\n');
    const loaded = loadInventory(tmpInventory(inv, { 'hosts.csv': csv }));
    const { outputs, problems: p } = buildInventory(loaded);
    expect(p).toEqual([]);
    const bmh = outputs[0].hosts.find(o => o.kind === 'BareMetalHost')!;
    expect(bmh.metadata!.labels).toEqual({ 'rack': 'a', 'cluster-role': 'control-plane' });
    expect(bmh.spec.bmc.address).toBe('idrac-virtualmedia://10.0.0.1/redfish/v1/Systems/1');
    expect(bmh.spec.rootDeviceHints).toEqual({ deviceName: '/dev/sda' });
    const nmstate = parse(outputs[0].hosts.find(o => o.metadata?.name === 'n1-networkdata')!.stringData.nmstate);
    expect(nmstate.interfaces[0].ipv4.address).toEqual([{ 'ip': '192.168.1.11', 'prefix-length': 24 }]);
    expect(outputs[0].hosts.find(o => o.metadata?.name === 'n1-credentials')!.stringData).toEqual({ username: '${U1}', password: '${P1}' });
    const bad = csv.replace('0c:c4:7a:00:00:01', 'not-a-mac');
    expect(problems(inv, { 'hosts.csv': bad })).toEqual([expect.stringMatching(/^2 column mac: /)]);
    expect(problems(inv.replace('hosts.csv', 'missing.csv'))).toEqual([expect.stringMatching(/^6 clusters\[0\].hostsCsv.file: cannot read .*missing.csv/)]);
  });
});

describe('the inventory examples', () => {
  test('the reference inventory yields the same objects as the reference cdk8s example', () => {
    const loaded = loadInventory(join(EXAMPLES, 'reference-multinode.yaml'));
    const { outputs, problems: p } = buildInventory(loaded);
    expect(p).toEqual([]);
    const fromInventory = [...outputs[0].hosts, ...outputs[0].cluster];
    const fromApp: KubeObject[] = parseAllDocuments(readFileSync(join(__dirname, '..', '..', 'dist', 'reference-multinode', 'multinode-cluster.k8s.yaml'), 'utf8')).map(d => d.toJS());
    const key = (o: KubeObject) => `${o.kind}/${o.metadata?.name}`;
    expect(fromInventory.map(key).sort()).toEqual(fromApp.map(key).sort());
    for (const o of fromApp) expect(fromInventory.find(x => key(x) === key(o))).toEqual(o);
  });

  test.each(['edge-single-node', 'dual-stack-site', 'eksa-tinkerbell'])('%s is valid', name => {
    const { outputs, problems: p } = buildInventory(loadInventory(join(EXAMPLES, `${name}.yaml`)));
    expect(p).toEqual([]);
    expect(errorLines(outputs.flatMap(o => [...o.hosts, ...o.cluster]))).toEqual([]);
  });
});

describe('output layout and GitOps', () => {
  const loaded = () => buildInventory(loadInventory(join(EXAMPLES, 'dual-stack-site.yaml'))).outputs;

  test('one folder per cluster: hosts first, cluster second, kustomizations', () => {
    const files = renderOutput(loaded(), {});
    expect([...files.keys()].sort()).toEqual([
      'dualstack-site/cluster/cluster.yaml', 'dualstack-site/cluster/kustomization.yaml', 'dualstack-site/hosts/hosts.yaml',
      'dualstack-site/hosts/kustomization.yaml', 'dualstack-site/kustomization.yaml', 'rollout.json',
    ]);
    expect(parse(files.get('dualstack-site/kustomization.yaml')!)).toEqual({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: ['hosts', 'cluster'] });
    const hosts = parseAllDocuments(files.get('dualstack-site/hosts/hosts.yaml')!).map(d => d.toJS());
    // The cluster's own namespace comes first, then the hosts and their Secrets.
    expect(hosts[0]).toEqual({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dualstack' } });
    expect(new Set(hosts.slice(1).map(h => h.kind))).toEqual(new Set(['Secret', 'BareMetalHost']));
    expect(renderOutput(loaded(), {})).toEqual(files);
  });

  test('--gitops flux: hosts Kustomization with BMH health, cluster Kustomization dependsOn it, substitution Secret', () => {
    const files = renderOutput(loaded(), { gitops: GitOpsFlavor.FLUX, outdir: 'clusters' });
    const [hosts, cluster] = parseAllDocuments(files.get('flux/dualstack-site.yaml')!).map(d => d.toJS());
    expect(hosts.metadata.name).toBe('dualstack-site-hosts');
    expect(hosts.spec.path).toBe('./clusters/dualstack-site/hosts');
    expect(hosts.spec.healthCheckExprs[0]).toEqual(expect.objectContaining({ kind: 'BareMetalHost', current: expect.stringContaining("'available'") }));
    expect(hosts.spec.postBuild).toEqual({ substituteFrom: [{ kind: 'Secret', name: 'dualstack-site-bmc-credentials' }] });
    expect(cluster.spec.dependsOn).toEqual([{ name: 'dualstack-site-hosts' }]);
    expect(cluster.spec.healthCheckExprs.map((h: any) => h.kind)).toEqual(['Cluster', 'RKE2ControlPlane', 'MachineDeployment']);
    expect(files.get('flux/dualstack-site.yaml')).toMatch(/^# dualstack-site: create the Secret flux-system\/dualstack-site-bmc-credentials with BMC_DS_CP1_PASSWORD/);
  });

  test('--gitops fleet and argo', () => {
    const fleet = renderOutput(loaded(), { gitops: GitOpsFlavor.FLEET });
    expect(parse(fleet.get('dualstack-site/cluster/fleet.yaml')!).dependsOn).toEqual([{ selector: { matchLabels: { 'cdk8s-capi.io/cluster': 'dualstack-site', 'cdk8s-capi.io/stage': 'hosts' } } }]);
    const argo = renderOutput(loaded(), { gitops: GitOpsFlavor.ARGO });
    const waves = (f: string) => parseAllDocuments(argo.get(f)!).map(d => d.toJS().metadata.annotations['argocd.argoproj.io/sync-wave']);
    expect(new Set(waves('dualstack-site/hosts/hosts.yaml'))).toEqual(new Set(['0']));
    expect(new Set(waves('dualstack-site/cluster/cluster.yaml'))).toEqual(new Set(['1']));
    expect(parse(argo.get('argo/argocd-cm-health.yaml')!).data['resource.customizations.health.metal3.io_BareMetalHost']).toMatch(/operationalStatus == "error"/);
  });

  test('refuses to replace a directory it did not write', () => {
    const dir = mkdtempSync(join(tmpdir(), 'out-'));
    writeFileSync(join(dir, 'precious.txt'), 'x');
    expect(() => writeOutput(loaded(), { outdir: dir })).toThrow(OutputDirError);
    const out = join(dir, 'dist');
    writeOutput(loaded(), { outdir: out });
    expect(() => writeOutput(loaded(), { outdir: out })).not.toThrow();
  });
});

// The 1,000-site fleet is synthesized (and checked the same way) by `npx projen bench` (bench/fleet-synth.ts).
test('a fleet of sites synthesizes without error, six hosts each', () => {
  const file = tmpInventory(stringify(fleetInventory(12)));
  const { outputs, problems: p } = buildInventory(loadInventory(file));
  expect(p).toEqual([]);
  expect(outputs).toHaveLength(12);
  expect(outputs[11].hosts.filter(o => o.kind === 'BareMetalHost')).toHaveLength(6);
});
