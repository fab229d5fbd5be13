// Cluster name, control plane, etcd and worker group preflights (upstream-rules.md §5.2 items
// 1-6, 9, 14 and the §5.8 testdata cases): each passes on a valid spec and fails for its reason.
import { cluster, docker, errors, tinkerbell, vsphere, warnings } from '../fixtures';

const CP = 'Validate control plane configuration: Cluster/prod spec.controlPlaneConfiguration';
const ETCD = 'Validate etcd configuration: Cluster/prod spec.externalEtcdConfiguration';
const W = 'Validate worker node groups: Cluster/prod spec.workerNodeGroupConfigurations';

describe('Validate cluster name', () => {
  test('passes for a 35-character name', () => {
    const name = `a${'b'.repeat(34)}`;
    expect(errors(cluster(vsphere(), (_, o) => { o.metadata.name = name; }))).toEqual([]);
  });

  test('fails on a dot (cluster_invalid_cluster_name.yaml)', () => {
    expect(errors(cluster(vsphere(), (_, o) => { o.metadata.name = 'eksa-unit-test1.20'; }))).toEqual([
      'Validate cluster name: Cluster/eksa-unit-test1.20 metadata.name: failed to validate cluster config name: eksa-unit-test1.20 is not a valid cluster name, cluster names must start with lowercase/uppercase letters and can include numbers and dashes. For instance \'testCluster-123\' is a valid name but \'123testCluster\' is not.',
    ]);
  });

  test.each(['test-cluster@123_', '123test-Cluster', 'a'])('fails on %s', name => {
    expect(errors(cluster(vsphere(), (_, o) => { o.metadata.name = name; }))).toContainEqual(
      expect.stringMatching(new RegExp(`^Validate cluster name: .* ${name.replace(/[@]/g, '.')} is not a valid cluster name`)));
  });

  test('fails on 36 characters', () => {
    const name = 'cluster-name-equals-to-36-characters';
    expect(errors(cluster(vsphere(), (_, o) => { o.metadata.name = name; }))).toEqual([
      `Validate cluster name: Cluster/${name} metadata.name: failed to validate cluster config name: number of characters in ${name} should be less than 36`,
    ]);
  });
});

describe('Validate control plane configuration', () => {
  test('Docker needs no endpoint and no machineGroupRef', () => {
    expect(errors(docker())).toEqual([]);
  });

  test.each([
    ['the endpoint is missing', (s: any) => { delete s.controlPlaneConfiguration.endpoint; }, `${CP}.endpoint.host: cluster controlPlaneConfiguration.Endpoint.Host is not set or is empty`],
    ['the endpoint host is empty', (s: any) => { s.controlPlaneConfiguration.endpoint.host = ''; }, `${CP}.endpoint.host: cluster controlPlaneConfiguration.Endpoint.Host is not set or is empty`],
    ['the machineGroupRef is missing', (s: any) => { delete s.controlPlaneConfiguration.machineGroupRef; }, `${CP}.machineGroupRef: must specify machineGroupRef control plane machines`],
    ['the count is 0', (s: any) => { s.controlPlaneConfiguration.count = 0; }, `${CP}.count: control plane node count must be positive`],
    ['the count is even with stacked etcd (cluster_even_control_plane_replicas.yaml)', (s: any) => { s.controlPlaneConfiguration.count = 4; delete s.externalEtcdConfiguration; },
      `${CP}.count: control plane node count cannot be an even number when using stacked etcd topology`],
    ['a label key is invalid', (s: any) => { s.controlPlaneConfiguration.labels = { 'bad key': 'x' }; }, expect.stringMatching(/^.*\.labels: labels for control plane not valid: key "bad key"/)],
    ['a taint effect is unknown', (s: any) => { s.controlPlaneConfiguration.taints = [{ key: 'k', effect: 'Evict' }]; }, expect.stringMatching(/\.taints: control plane taints\[0\]\.effect "Evict" is not one of NoSchedule, PreferNoSchedule, NoExecute$/)],
    ['a certSAN is neither IP nor domain', (s: any) => { s.controlPlaneConfiguration.certSans = ['10.0.0.1', 'api.example.com', 'not a name']; },
      `${CP}.certSans: invalid ControlPlaneConfiguration.CertSANs; must be an IP or domain name: [not a name]`],
    ['the rollout type is unknown', (s: any) => { s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'Recreate' }; },
      `${CP}.upgradeRolloutStrategy.type: ControlPlaneConfiguration: only 'RollingUpdate' and 'InPlace' are supported for upgrade rollout strategy type`],
    ['maxSurge is 2', (s: any) => { s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 2 } }; },
      `${CP}.upgradeRolloutStrategy.rollingUpdate.maxSurge: ControlPlaneConfiguration: maxSurge for control plane must be 0 or 1`],
    ['maxSurge is negative', (s: any) => { s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: -1 } }; },
      `${CP}.upgradeRolloutStrategy.rollingUpdate.maxSurge: ControlPlaneConfiguration: maxSurge for control plane cannot be a negative value`],
    ['InPlace on vSphere with external etcd', (s: any) => { s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'InPlace' }; },
      `${CP}.upgradeRolloutStrategy.type: ControlPlaneConfiguration: InPlace upgrades are supported only on Tinkerbell (bare metal), not on VSphereDatacenterConfig`],
  ])('fails when %s', (_, mutate, expected) => {
    expect(errors(cluster(vsphere(), mutate))).toEqual([expected]);
  });

  test('passes with an even count on external etcd, valid SANs, labels, taints and maxSurge 0', () => {
    expect(errors(cluster(vsphere(), s => {
      s.controlPlaneConfiguration.count = 2;
      s.controlPlaneConfiguration.certSans = ['10.0.0.1', 'fd00::1', 'api.example.com'];
      s.controlPlaneConfiguration.labels = { 'example.com/role': 'cp' };
      s.controlPlaneConfiguration.taints = [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }];
      s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0 } };
    }))).toEqual([]);
  });

  test('InPlace passes on Tinkerbell (for the whole cluster: one strategy type); rollingUpdate with InPlace fails', () => {
    expect(errors(cluster(tinkerbell(), s => {
      s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'InPlace' };
      s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'InPlace' };
    }))).toEqual([]);
    expect(errors(cluster(tinkerbell(), s => {
      s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'InPlace', rollingUpdate: { maxSurge: 1 } };
      s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'InPlace' };
    }))).toEqual([
      'Validate control plane configuration: Cluster/metal spec.controlPlaneConfiguration.upgradeRolloutStrategy.rollingUpdate: ControlPlaneConfiguration: rollingUpdate must not be set when the upgrade rollout strategy type is InPlace',
    ]);
  });

  test('warns about a count other than 3 or 5 with stacked etcd', () => {
    const spec = cluster(vsphere(), s => { s.controlPlaneConfiguration.count = 1; delete s.externalEtcdConfiguration; });
    expect(errors(spec)).toEqual([]);
    expect(warnings(spec)).toEqual([`${CP}.count: The recommended number of control plane nodes is 3 or 5`]);
  });
});

describe('Validate etcd configuration', () => {
  test.each([
    ['the count is missing', (s: any) => { delete s.externalEtcdConfiguration.count; }, `${ETCD}.count: no value set for etcd replicas`],
    ['the count is even (validateEtcdReplicas)', (s: any) => { s.externalEtcdConfiguration.count = 4; }, `${ETCD}.count: external etcd count cannot be an even number`],
    ['the count is negative', (s: any) => { s.externalEtcdConfiguration.count = -3; }, `${ETCD}.count: etcd replicas cannot be a negative number`],
    ['the machineGroupRef is missing', (s: any) => { delete s.externalEtcdConfiguration.machineGroupRef; }, `${ETCD}.machineGroupRef: must specify machineGroupRef for etcd machines`],
  ])('fails when %s', (_, mutate, expected) => {
    expect(errors(cluster(vsphere(), mutate))).toEqual([expected]);
  });

  test('fails on Tinkerbell', () => {
    expect(errors(cluster(tinkerbell(), s => { s.externalEtcdConfiguration = { count: 3 }; }))).toEqual([
      'Validate etcd configuration: Cluster/metal spec.externalEtcdConfiguration: tinkerbell external etcd configuration is unsupported',
    ]);
  });

  test('passes with 5 members; warns (but passes) with 1 on vSphere and not on Docker', () => {
    expect(errors(cluster(vsphere(), s => { s.externalEtcdConfiguration.count = 5; }))).toEqual([]);
    const one = cluster(vsphere(), s => { s.externalEtcdConfiguration.count = 1; });
    expect(errors(one)).toEqual([]);
    expect(warnings(one)).toEqual([`${ETCD}.count: The recommended size of an external etcd cluster is 3 or 5`]);
    expect(warnings(docker())).toEqual([]);
  });
});

describe('Validate worker node groups', () => {
  const md1 = { name: 'md-1', count: 1, machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod' } };

  test.each([
    ['there are none on vSphere (vsphere_cluster_without_worker_nodes.yaml)', (s: any) => { s.workerNodeGroupConfigurations = []; },
      'Validate worker node groups: Cluster/prod spec.workerNodeGroupConfigurations: WorkerNodeGroupConfigs cannot be empty for VSphereDatacenterConfig'],
    ['a second group has no name (cluster_invalid_multiple_worker_node_groups.yaml)', (s: any) => { s.workerNodeGroupConfigurations = [{ ...md1, name: undefined }, { ...md1, name: undefined }]; },
      `${W}[1].name: must specify name for worker nodes`],
    ['names repeat', (s: any) => { s.workerNodeGroupConfigurations.push({ ...md1, name: 'md-0' }); }, `${W}[1].name: worker node group names must be unique`],
    ['a count is negative without autoscaling', (s: any) => { s.workerNodeGroupConfigurations[0].count = -1; },
      `${W}[0].count: worker node count must be zero or greater if autoscaling is not enabled`],
    ['autoscaling minCount > maxCount', (s: any) => { s.workerNodeGroupConfigurations[0].autoscalingConfiguration = { minCount: 3, maxCount: 2 }; },
      `${W}[0].autoscalingConfiguration: validating autoscaling configuration: min count must be no greater than max count`],
    ['autoscaling minCount > count', (s: any) => { s.workerNodeGroupConfigurations[0].autoscalingConfiguration = { minCount: 3, maxCount: 5 }; },
      `${W}[0].autoscalingConfiguration: validating autoscaling configuration: min count must be less than or equal to count`],
    ['autoscaling maxCount < count', (s: any) => { s.workerNodeGroupConfigurations[0].autoscalingConfiguration = { minCount: 0, maxCount: 1 }; },
      `${W}[0].autoscalingConfiguration: validating autoscaling configuration: max count must be greater than or equal to count`],
    ['autoscaling minCount < 0', (s: any) => { s.workerNodeGroupConfigurations[0].autoscalingConfiguration = { minCount: -1, maxCount: 3 }; },
      `${W}[0].autoscalingConfiguration: validating autoscaling configuration: min count must be non negative`],
    ['every group has NoSchedule/NoExecute taints on a self-managed cluster (cluster_invalid_taints.yaml)', (s: any) => {
      s.workerNodeGroupConfigurations[0].taints = [{ key: 'a', effect: 'NoExecute' }];
      s.workerNodeGroupConfigurations.push({ ...md1, taints: [{ key: 'b', effect: 'NoSchedule' }] });
    }, `${W}: at least one WorkerNodeGroupConfiguration must not have NoExecute and/or NoSchedule taints`],
    ['a label value is invalid', (s: any) => { s.workerNodeGroupConfigurations[0].labels = { tier: 'not valid!' }; }, expect.stringMatching(/\[0\]\.labels: labels for worker node group md-0 not valid: value "not valid!"/)],
    ['the machineGroupRef is missing', (s: any) => { delete s.workerNodeGroupConfigurations[0].machineGroupRef; }, `${W}[0].machineGroupRef: must specify machineGroupRef for worker nodes`],
    ['maxSurge and maxUnavailable are both 0', (s: any) => { s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } }; },
      `${W}[0].upgradeRolloutStrategy.rollingUpdate: validating upgrade rollout strategy configuration: WorkerNodeGroupConfiguration: maxSurge and maxUnavailable not specified or are 0. maxSurge and maxUnavailable cannot both be 0`],
    ['maxUnavailable is negative', (s: any) => { s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: -1 } }; },
      `${W}[0].upgradeRolloutStrategy.rollingUpdate: validating upgrade rollout strategy configuration: WorkerNodeGroupConfiguration: maxSurge and maxUnavailable values cannot be negative`],
    ['the rollout type is unknown', (s: any) => { s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'BlueGreen' }; },
      `${W}[0].upgradeRolloutStrategy.type: validating upgrade rollout strategy configuration: WorkerNodeGroupConfiguration: only 'RollingUpdate' and 'InPlace' are supported for upgrade rollout strategy type`],
    ['InPlace is used outside Tinkerbell', (s: any) => { s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'InPlace' }; },
      `${W}[0].upgradeRolloutStrategy.type: validating upgrade rollout strategy configuration: WorkerNodeGroupConfiguration: InPlace upgrades are supported only on Tinkerbell (bare metal), not on VSphereDatacenterConfig`],
  ])('fails when %s', (_, mutate, expected) => {
    expect(errors(cluster(vsphere(), mutate))).toEqual([expected]);
  });

  test('all-tainted groups pass on a workload cluster (cluster_valid_taints_workload_cluster.yaml)', () => {
    expect(errors(cluster(vsphere(), s => {
      s.managementCluster.name = 'mgmt';
      s.workerNodeGroupConfigurations[0].taints = [{ key: 'a', effect: 'NoExecute' }];
    }))).toEqual([]);
  });

  test('passes with autoscaling bounds around the count, PreferNoSchedule taints and a valid rolling update', () => {
    expect(errors(cluster(vsphere(), s => {
      s.workerNodeGroupConfigurations[0].autoscalingConfiguration = { minCount: 1, maxCount: 5 };
      s.workerNodeGroupConfigurations[0].taints = [{ key: 'a', effect: 'PreferNoSchedule' }];
      s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } };
    }))).toEqual([]);
  });

  test('Tinkerbell without workers only warns (tinkerbell_cluster_without_worker_nodes.yaml)', () => {
    const spec = cluster(tinkerbell(), s => { delete s.workerNodeGroupConfigurations; });
    expect(errors(spec)).toEqual([]);
    expect(warnings(spec)).toEqual(['Validate worker node groups: Cluster/metal spec.workerNodeGroupConfigurations: No configurations provided for worker node groups, pods will be scheduled on control-plane nodes']);
  });

  test('Tinkerbell without workers fails with control plane taints (cluster_without_worker_nodes_has_cp_taints.yaml)', () => {
    expect(errors(cluster(tinkerbell(), s => {
      delete s.workerNodeGroupConfigurations;
      s.controlPlaneConfiguration.taints = [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }];
    }))).toEqual(['Validate worker node groups: Cluster/metal spec.controlPlaneConfiguration.taints: cannot taint control plane when there is no worker node']);
  });

  test('Tinkerbell worker groups may upgrade InPlace, with the control plane (validate.go validateUpgradeRolloutStrategy)', () => {
    expect(errors(cluster(tinkerbell(), s => {
      s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'InPlace' };
      s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'InPlace' };
    }))).toEqual([]);
    expect(errors(cluster(tinkerbell(), s => { s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'InPlace' }; }))).toEqual([
      'Tinkerbell Provider setup is valid: Cluster/metal spec.workerNodeGroupConfigurations[0].upgradeRolloutStrategy.type: cannot specify different upgrade rollout strategy types for control plane and worker node group configurations',
    ]);
  });
});
