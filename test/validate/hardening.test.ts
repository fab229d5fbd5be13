// Regression tests for what a fuzzer and hostile input found in validation (issue 13): numbers
// out of range, wrong shapes that crashed rules, duplicates, placeholders, SANs written as URLs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ValidationError } from '../../src/core/errors';
import { KubeObject } from '../../src/core/kube-object';
import { hostCapacityRules } from '../../src/validate/cross-object';
import { validateObject, validateObjects } from '../../src/validate/validate';

const REFERENCE = parseAllDocuments(readFileSync(join(__dirname, '..', '..', 'dist', 'reference-multinode', 'multinode-cluster.k8s.yaml'), 'utf8')).map(d => d.toJS() as KubeObject);
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));
const find = (objs: KubeObject[], kind: string) => objs.find(o => o.kind === kind)!;
const lines = (objs: KubeObject[]) => validateObjects(objs).flatMap(r => r.findings.map(f => `${r.object.kind}/${r.object.metadata?.name} ${f.severity} ${f.rule} ${f.field}: ${f.message}`));
const errorsOf = (objs: KubeObject[]) => lines(objs).filter(l => / error /.test(l));

describe('numbers the API server cannot decode', () => {
  test('MachineDeployment replicas -1: a warning (the CRD and the CAPI webhook accept it)', () => {
    const objs = clone(REFERENCE);
    find(objs, 'MachineDeployment').spec.replicas = -1;
    expect(errorsOf(objs)).toEqual([]);
    expect(lines(objs)).toEqual(expect.arrayContaining([expect.stringContaining('warning capi/md-replicas spec.replicas: -1 machines cannot be created')]));
  });

  test.each([
    [2 ** 31, 'schema/format spec.replicas: Invalid value: 2147483648: must be a whole number within int32'],
    [Infinity, 'schema/format spec.replicas: Invalid value: Infinity: must be a whole number within int32'],
    [1.5, 'schema/type spec.replicas: Invalid value: 1.5: must be of type integer'],
  ])('fails MachineDeployment replicas %p', (replicas, expected) => {
    const objs = clone(REFERENCE);
    find(objs, 'MachineDeployment').spec.replicas = replicas;
    expect(errorsOf(objs)).toEqual([expect.stringContaining(expected)]);
  });

  test('fails RKE2ControlPlane replicas -1 and 2^31', () => {
    for (const [replicas, expected] of [[-1, 'caprke2/replicas spec.replicas: cannot be less than or equal to 0'], [2 ** 31, 'must be a whole number within int32']] as const) {
      const objs = clone(REFERENCE);
      find(objs, 'RKE2ControlPlane').spec.replicas = replicas;
      expect(errorsOf(objs)).toEqual(expect.arrayContaining([expect.stringContaining(expected)]));
    }
  });

  test('int-or-string accepts integers within int32 only', () => {
    const objs = clone(REFERENCE);
    find(objs, 'MachineDeployment').spec.rollout.strategy.rollingUpdate.maxUnavailable = 2 ** 40;
    expect(errorsOf(objs)).toEqual([expect.stringContaining('spec.rollout.strategy.rollingUpdate.maxUnavailable: Invalid value: 1099511627776: must be an integer or a string')]);
  });
});

describe('wrong shapes are findings, not crashes', () => {
  test('a Cluster whose cidrBlocks is a string: one schema error, the network rules skip it', () => {
    const objs = clone(REFERENCE);
    find(objs, 'Cluster').spec.clusterNetwork.pods.cidrBlocks = '10.42.0.0/16';
    expect(errorsOf(objs)).toEqual(['Cluster/multinode-cluster error schema/type spec.clusterNetwork.pods.cidrBlocks: Invalid value: "10.42.0.0/16": must be of type array']);
  });

  test('apiVersion 1, kind null, a null object, a non-object', () => {
    const [a, b, c, d] = [{ apiVersion: 1, kind: 'Cluster', metadata: { name: 'x' } }, { apiVersion: 'v1', kind: null, metadata: { name: 'x' } }, null, 'text'] as any[];
    const found = validateObjects([a, b, c, d]);
    expect(found.map(r => r.findings.filter(f => f.severity === 'error').map(f => `${f.rule} ${f.field}`)[0])).toEqual([
      'schema/type apiVersion', 'schema/required kind', 'schema/type ', 'schema/type ',
    ]);
  });

  test('fails a non-list with a typed error', () => {
    expect(() => validateObjects('x' as any)).toThrow(ValidationError);
    expect(() => validateObjects('x' as any)).toThrow(/validateObjects: objects: expected a list of objects, got string/);
  });

  test('cyclic and shared input terminates', () => {
    const o: any = clone(find(REFERENCE, 'Cluster'));
    o.spec.self = o;
    o.metadata.labels = { a: 'b' };
    o.metadata.annotations = o.metadata.labels;
    const found = validateObject(o);
    expect(found.map(f => `${f.rule} ${f.field}`)).toEqual(['schema/unknown-field spec.self']);
  });
});

describe('duplicates in one set', () => {
  test('the same object twice: a warning when identical, an error when the copies differ', () => {
    const objs = clone(REFERENCE);
    const md = find(objs, 'MachineDeployment');
    expect(lines([...objs, clone(md)]).filter(l => l.includes('duplicate'))).toEqual([
      expect.stringMatching(/^MachineDeployment\/multinode-cluster-workers warning set\/duplicate-object metadata.name: MachineDeployment default\/multinode-cluster-workers is defined more than once in the input \(objects #\d+ and #\d+\), identically$/),
    ]);
    const changed = clone(md);
    changed.spec.replicas = 2;
    expect(errorsOf([...objs, changed])).toEqual(expect.arrayContaining([expect.stringMatching(/set\/duplicate-object metadata.name: .* with different content$/)]));
  });

  test('two hosts with the same boot MAC or BMC address', () => {
    const host = (name: string, mac: string, address: string): KubeObject => ({
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name, namespace: 'default' },
      spec: { online: true, bootMACAddress: mac, bmc: { address, credentialsName: `${name}-bmc` } },
    });
    const errs = errorsOf([host('a', '0c:c4:7a:00:00:01', 'ipmi://10.0.0.1'), host('b', '0C:C4:7A:00:00:01', 'ipmi://10.0.0.2'), host('c', '0c:c4:7a:00:00:03', 'ipmi://10.0.0.1')]);
    expect(errs).toEqual([
      'BareMetalHost/b error set/duplicate-mac spec.bootMACAddress: MAC 0C:C4:7A:00:00:01 is also the boot MAC of BareMetalHost a',
      'BareMetalHost/c error set/duplicate-bmc spec.bmc.address: ipmi://10.0.0.1 is also the BMC address of BareMetalHost a',
    ]);
  });
});

describe('what the API server accepts and the cluster cannot use', () => {
  test('fails a BMC address without a host', () => {
    const objs = clone(REFERENCE).filter(o => o.kind === 'BareMetalHost' || o.kind === 'Secret');
    find(objs, 'BareMetalHost').spec.bmc.address = 'redfish://';
    expect(errorsOf(objs)).toEqual([expect.stringContaining('bmo/bmc-address-unusable spec.bmc.address: BMC address redfish:// has no host')]);
  });

  test('fails tlsSan entries that are URLs, naming the SAN meant', () => {
    const objs = clone(REFERENCE);
    find(objs, 'RKE2ControlPlane').spec.serverConfig.tlsSan.push('https://192.168.125.100.sslip.io', 'https://[fd00::1]:6443/', '*.apps.example.com');
    const found = validateObjects(objs).flatMap(r => r.findings).filter(f => f.rule === 'caprke2/tls-san');
    expect(found.map(f => `${f.field}: ${f.hint}`)).toEqual([
      'spec.serverConfig.tlsSan[4]: write the name alone: 192.168.125.100.sslip.io',
      'spec.serverConfig.tlsSan[5]: a DNS name such as api.example.com, or an IP address (sslip.io writes IPv6 with dashes)',
    ]);
  });

  test('warns about an ssh_authorized_keys entry that is not a key (a YAML number): Ignition writes it verbatim, even under strict', () => {
    const objs = clone(REFERENCE);
    const cp = find(objs, 'RKE2ControlPlane');
    cp.spec.agentConfig.additionalUserData.config += 'passwd:\n  users:\n    - name: root\n      ssh_authorized_keys: [1]\n';
    expect(errorsOf(objs)).toEqual([]);
    const warnings = validateObjects(objs).flatMap(r => r.findings).filter(f => f.rule === 'butane/ssh-key');
    expect(warnings.map(f => `${f.severity} ${f.field}: ${f.message}`)).toEqual([
      expect.stringContaining('warning spec.agentConfig.additionalUserData.config: passwd.users[0].ssh_authorized_keys[0]: "1" is not an SSH public key'),
    ]);
  });
});

describe('placeholders', () => {
  const secret = (body: object): KubeObject => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, ...body });

  test('in stringData: one warning per object naming the variables', () => {
    expect(lines([secret({ stringData: { username: '${BMC_USER}', password: 'x${BMC_PASS:=default}y', escaped: '$${NOT_ONE}' } })])).toEqual([
      'Secret/s warning placeholder/unresolved stringData.username: placeholders ${BMC_USER}, ${BMC_PASS} are not substituted yet (stringData.username, stringData.password)',
    ]);
  });

  test('fails placeholders in base64 data, raw or encoded, with one finding per field', () => {
    const encoded = Buffer.from('${BMC_PASS}').toString('base64');
    expect(errorsOf([secret({ data: { username: '${BMC_USER}', password: encoded } })])).toEqual([
      'Secret/s error placeholder/base64 data.username: placeholder ${BMC_USER} in base64 data is never substituted',
      'Secret/s error placeholder/base64 data.password: decodes to a placeholder (${BMC_PASS}) that nothing will substitute inside base64',
    ]);
  });
});

test('host capacity: a set that holds every host (a construct, an inventory site) with none is short', () => {
  const objs = clone(REFERENCE).filter(o => o.kind !== 'BareMetalHost' && o.kind !== 'Secret');
  expect(hostCapacityRules(objs)).toEqual([]);
  expect(hostCapacityRules(objs, { hostsComplete: true }).map(f => f.finding.message)).toEqual([
    expect.stringMatching(/^3 control-plane replicas but only 0 BareMetalHost\(s\) in namespace default match/),
  ]);
});
