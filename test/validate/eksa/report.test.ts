// formatPreflightReport: eksctl's "Performing setup and validations" listing (reference 000/001).
import { cluster, docker, vsphere } from './fixtures';
import { PreflightMode, describePreflightFinding, formatPreflightReport, preflightErrors, runPreflights } from '../../../src/validate/eksa/preflights';

describe('formatPreflightReport', () => {
  test('lists every check with ✅ when the spec is valid', () => {
    expect(formatPreflightReport(runPreflights(docker()))).toBe([
      'Performing setup and validations',
      '✅ Validate cluster config file',
      '✅ Validate cluster name',
      '✅ Validate control plane configuration',
      '✅ Validate etcd configuration',
      '✅ Validate worker node groups',
      '✅ Validate cluster network',
      '✅ Validate Kubernetes version',
      '✅ Validate cluster configuration',
      '✅ Validate datacenter and machine config references',
      '✅ Docker Provider setup is valid',
      '',
    ].join('\n'));
  });

  test('prints one ❌ line per error in eksctl\'s JSON-ish form, warnings, and the closing error', () => {
    const spec = cluster(vsphere(), s => {
      s.workerNodeGroupConfigurations.push({ ...s.workerNodeGroupConfigurations[0] });
      s.externalEtcdConfiguration.count = 1;
    });
    const report = formatPreflightReport(runPreflights(spec));
    expect(report.split('\n')).toEqual(expect.arrayContaining([
      'Warning: Cluster/prod spec.externalEtcdConfiguration.count: The recommended size of an external etcd cluster is 3 or 5',
      '✅ Validate etcd configuration',
      '❌ Validation failed\t{"validation": "Validate worker node groups", "error": "Cluster/prod spec.workerNodeGroupConfigurations[1].name: worker node group names must be unique", "remediation": "md-0 is used twice"}',
      'Error: failed to create cluster: validations failed',
    ]));
    expect(report.indexOf('Warning: ')).toBeLessThan(report.indexOf('✅ Validate etcd configuration'));
    expect(report).not.toContain('✅ Validate worker node groups');
  });

  test('ends an upgrade with "Upgrade preflight validations pass" (as in the recovery guide)', () => {
    const results = runPreflights(vsphere(), { mode: PreflightMode.UPGRADE, old: vsphere() });
    const lines = formatPreflightReport(results, { mode: 'upgrade' }).trim().split('\n');
    expect(lines).toContain('✅ Upgrade cluster kubernetes version increment');
    expect(lines).toContain('✅ Validate immutable fields');
    expect(lines[lines.length - 1]).toBe('✅ Upgrade preflight validations pass');
  });

  test('a failed upgrade says so', () => {
    const next = cluster(vsphere(), s => { s.kubernetesVersion = '1.33'; });
    const results = runPreflights(next, { mode: PreflightMode.UPGRADE, old: vsphere() });
    const report = formatPreflightReport(results, { mode: PreflightMode.UPGRADE });
    expect(report).toContain('❌ Validation failed\t{"validation": "Upgrade cluster kubernetes version increment", "error": "Cluster/prod spec.kubernetesVersion: kubernetes version downgrade is not supported (1.35) -> (1.33)", "remediation": "upgrade one minor at a time: 1.35 → the next minor"}');
    expect(report.trim().split('\n').pop()).toBe('Error: failed to upgrade cluster: validations failed');
  });

  test('escapes quotes in messages as JSON', () => {
    const spec = cluster(vsphere(), s => { s.clusterNetwork.cniConfig.cilium.policyEnforcementMode = 'strict'; });
    expect(formatPreflightReport(runPreflights(spec))).toContain('cilium policyEnforcementMode \\"strict\\" not supported');
  });

  test('describePreflightFinding names the object and field; preflightErrors keeps only errors', () => {
    const spec = cluster(vsphere(), s => { s.controlPlaneConfiguration.count = 0; });
    const errs = preflightErrors(runPreflights(spec));
    expect(errs.map(describePreflightFinding)).toEqual(['Cluster/prod spec.controlPlaneConfiguration.count: control plane node count must be positive']);
    expect(describePreflightFinding({ ...errs[0], kind: '', name: '', field: '' })).toBe('control plane node count must be positive');
  });
});
