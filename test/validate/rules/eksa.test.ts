// The EKS-A rules in the validate pipeline: hand-written multi-document configs, findings on the
// object they concern, per-object provider rules even for objects no Cluster references.
import { parseAllDocuments } from 'yaml';
import { KubeObject } from '../../../src/core/kube-object';
import { validateObject, validateObjects } from '../../../src/validate/validate';
import { errorLines, expectValid } from '../../util';
import { DOCKER_YAML, TINKERBELL_YAML, VSPHERE_YAML, edit, load } from '../eksa/fixtures';

describe('EKS-A rules in validateObjects', () => {
  test.each([['vSphere', VSPHERE_YAML], ['Tinkerbell', TINKERBELL_YAML], ['Docker', DOCKER_YAML]])('a valid %s config passes', (_, yaml) => {
    expectValid(load(yaml));
  });

  test('spec-level findings land on the object they concern', () => {
    const objects = edit(edit(load(TINKERBELL_YAML), 'Cluster', o => { o.spec.controlPlaneConfiguration.count = 2; }),
      'TinkerbellMachineConfig', o => { o.spec.osFamily = 'bottlerocket'; }, 'metal');
    expect(errorLines(objects)).toEqual([
      'Cluster/metal spec.controlPlaneConfiguration.count: control plane node count cannot be an even number when using stacked etcd topology',
      'TinkerbellMachineConfig/metal spec.osFamily: TinkerbellMachineConfig metal osFamily bottlerocket differs from the control plane\'s osFamily ubuntu',
    ]);
  });

  test('per-object provider rules run on objects no Cluster references, once', () => {
    const lone: KubeObject = {
      apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1',
      kind: 'TinkerbellMachineConfig',
      metadata: { name: 'spare' },
      spec: { hardwareSelector: { type: 'spare', rack: 'r1' }, osFamily: 'ubuntu', users: [{ name: 'ec2-user', sshAuthorizedKeys: [''] }] },
    };
    expect(validateObject(lone).map(f => f.message)).toEqual(['TinkerbellMachineConfig: spec.hardwareSelector must contain only 1 key-value pair: spare']);
    const objects = [...load(TINKERBELL_YAML), lone];
    expect(errorLines(objects)).toEqual(['TinkerbellMachineConfig/spare spec.hardwareSelector: TinkerbellMachineConfig: spec.hardwareSelector must contain only 1 key-value pair: spare']);
  });

  test('vSphere machine paths are checked against the datacenter of the set', () => {
    const objects = edit(load(VSPHERE_YAML), 'VSphereMachineConfig', o => { o.spec.resourcePool = '/other/host/c/Resources'; }, 'prod-cp');
    expect(errorLines(objects)).toEqual(['VSphereMachineConfig/prod-cp spec.resourcePool: VSphereMachineConfig prod-cp resourcePool /other/host/c/Resources is not under datacenter dc1']);
  });

  test('an unquoted kubernetesVersion is read as eksctl reads it: a warning, or an error when 1.30 became 1.3', () => {
    const unquoted = (v: string) => parseAllDocuments(DOCKER_YAML.replace('kubernetesVersion: "1.36"', `kubernetesVersion: ${v}`)).map(d => d.toJS() as KubeObject);
    expect(errorLines(unquoted('1.36'))).toEqual([]);
    expect(validateObjects(unquoted('1.36')).flatMap(r => r.findings).map(f => `${f.severity} ${f.rule} ${f.field}`))
      .toEqual(['warning eksa/unquoted-version spec.kubernetesVersion']);
    expect(errorLines(unquoted('1.30'))).toEqual([
      'Cluster/dev spec.kubernetesVersion: kubernetesVersion 1.3 is not quoted: YAML reads the number 1.3, so a written 1.30 has lost its trailing zero (eksctl reads "1.30" only from the file text; kubectl, GitOps tools and cdk8s read 1.3)',
    ]);
  });

  test('results do not leak between object sets', () => {
    const bad = edit(load(DOCKER_YAML), 'Cluster', o => { o.spec.workerNodeGroupConfigurations = []; });
    expect(validateObjects(bad).length).toBe(1);
    expect(validateObjects(load(DOCKER_YAML))).toEqual([]);
  });
});
