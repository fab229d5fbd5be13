// Construct lifecycle of the RKE2 clusters: props are checked at construction, every object on its
// final JSON at synth — escape-hatch edits, pools added later and controlPlaneConfig edits included.
import { ApiObject, App, Chart, JsonPatch, Testing } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { IpAddressPool } from '../../imports/metallb.io';
import { BareMetalHostEnrollment, BmcCredentials, HostRole, MultinodeRke2Cluster, MultinodeRke2ClusterProps } from '../../src';
import { KubeObject } from '../../src/core/kube-object';
import { RenderedObjects } from '../../src/core/rendered-objects';
import { RKE2_MANIFESTS_DIR } from '../../src/metallb/vip';
import { parseButane } from '../../src/validate/butane/parse';
import { expectValid, find } from '../util';

const props = (extra: Partial<MultinodeRke2ClusterProps> = {}): MultinodeRke2ClusterProps => ({
  clusterName: 'site1',
  version: 'v1.36.3+rke2r1',
  apiVip: { ipv4: '192.168.125.100' },
  controlPlane: { image: { url: 'http://imagecache.local:8080/cp.raw' } },
  workers: { replicas: 1, image: { url: 'http://imagecache.local:8080/w.raw' } },
  ...extra,
});

function site(extra: Partial<MultinodeRke2ClusterProps> = {}): { app: App; chart: Chart; cluster: MultinodeRke2Cluster } {
  const app = Testing.app();
  const chart = new Chart(app, 'site', { disableResourceNameHashes: true });
  return { app, chart, cluster: new MultinodeRke2Cluster(chart, 'cluster', props(extra)) };
}

const docs = (app: App): KubeObject[] => parseAllDocuments(app.synthYaml()).map(d => d.toJSON());
const cpConfig = (objects: KubeObject[]) => find(objects, 'RKE2ControlPlane').spec.agentConfig.additionalUserData.config as string;
const synthError = (app: App): string => {
  try {
    app.synthYaml();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('synth did not fail');
};

describe('escape hatches', () => {
  test('a valid edit of an L1 object is in the output, in objects and in what the inventory path writes', () => {
    const { app, chart, cluster } = site();
    ApiObject.of(cluster.controlPlane).addJsonPatch(JsonPatch.replace('/spec/replicas', 5));
    cluster.cluster.metadata.addLabel('env', 'prod');
    const out = docs(app);
    expect(find(out, 'RKE2ControlPlane').spec.replicas).toBe(5);
    expect(find(out, 'Cluster').metadata!.labels).toEqual({ env: 'prod' });
    expect(find(cluster.objects, 'RKE2ControlPlane').spec.replicas).toBe(5);
    expect(RenderedObjects.validateAll(chart)).toEqual([]);
    expect(find([...cluster._validatedObjects()], 'RKE2ControlPlane').spec.replicas).toBe(5);
    expectValid(cluster.objects);
  });

  test('fails synth for an edit that breaks an upstream rule, naming the object, the field and the fix', () => {
    const { app, cluster } = site();
    ApiObject.of(cluster.controlPlane).addJsonPatch(JsonPatch.replace('/spec/replicas', 0));
    expect(synthError(app)).toBe('Validation failed with the following errors:\n'
      + '  [site/cluster] RKE2ControlPlane/site1 spec.replicas: cannot be less than or equal to 0 (use 1, 3 or 5)');
  });

  test('fails synth for an edit that breaks the schema or ObjectMeta rules', () => {
    const { app, cluster } = site();
    cluster.metal3Cluster.addJsonPatch(JsonPatch.replace('/spec/controlPlaneEndpoint/port', 'https'));
    cluster.workerPools[0].machineDeployment.metadata.addLabel('tier', 'not valid!');
    const message = synthError(app);
    expect(message).toMatch(/\[site\/cluster\] Metal3Cluster\/site1 spec.controlPlaneEndpoint.port: .*integer/);
    expect(message).toMatch(/\[site\/cluster\] MachineDeployment\/site1-workers metadata.labels\[tier\]: Invalid value: "not valid!"/);
  });

  test('objects returns the caller\'s own copy: changing it changes neither objects nor the output', () => {
    const { app, cluster } = site();
    const mine = cluster.objects;
    find(mine, 'RKE2ControlPlane').spec.replicas = 7;
    mine.pop();
    expect(find(cluster.objects, 'RKE2ControlPlane').spec.replicas).toBe(3);
    expect(cluster.objects).toHaveLength(9);
    expect(find(docs(app), 'RKE2ControlPlane').spec.replicas).toBe(3);
  });

  test('fails when the worker pool list or a pool record is changed (they are copies / frozen)', () => {
    const { cluster } = site();
    (cluster.workerPools as any[]).pop();
    expect(cluster.workerPools).toHaveLength(1);
    expect(() => { (cluster.workerPools[0] as any).name = 'other'; }).toThrow(TypeError);
  });
});

describe('worker pools added after construction', () => {
  test('a valid pool is in the output and validated with the rest of the cluster', () => {
    const { app, cluster } = site();
    cluster.addWorkerPool({ name: 'gpu', replicas: 2, image: { url: 'http://img/gpu.raw' }, hostSelector: { matchLabels: { pool: 'gpu' } } });
    const out = docs(app);
    expectValid(out);
    expect(out.filter(o => o.kind === 'MachineDeployment').map(o => o.metadata!.name)).toEqual(['site1-workers', 'site1-gpu']);
    expect(cluster.objects).toHaveLength(13);
    // Validated: an edit of the new pool breaking a rule fails synth.
    cluster.workerPools[1].machineDeployment.addJsonPatch(JsonPatch.replace('/spec/clusterName', 'other'));
    expect(synthError(app)).toMatch(/\[site\/cluster\] MachineDeployment\/site1-gpu spec.template.spec.clusterName: spec.clusterName and spec.template.spec.clusterName must be set to the same value/);
  });

  test('fails synth when a later pool\'s objects break a rule its options pass (MachineDeployment name longer than a label value)', () => {
    const { app, cluster } = site();
    const name = 'p'.repeat(60);
    expect(() => cluster.addWorkerPool({ name, replicas: 1, image: { url: 'http://img/w.raw' } })).not.toThrow();
    expect(synthError(app)).toMatch(new RegExp(`\\[site/cluster\\] MachineDeployment/site1-${name} metadata.name: "site1-${name}" must be a valid label value: must be no more than 63 characters`));
  });

  test('fails synth when a later pool needs more hosts than its selector matches', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'site', { disableResourceNameHashes: true });
    const hosts = new BareMetalHostEnrollment(chart, 'hosts', {
      credentials: BmcCredentials.fromExistingSecret('bmc'),
      hosts: [1, 2, 3, 4].map(i => ({
        name: `node${i}`,
        role: i <= 3 ? HostRole.CONTROL_PLANE : HostRole.WORKER,
        bmcAddress: `redfish-virtualmedia://10.0.0.${i}/redfish/v1/Systems/1`,
        bootMacAddress: `0c:c4:7a:00:00:1${i}`,
      })),
    });
    const cluster = new MultinodeRke2Cluster(chart, 'cluster', props({ hosts }));
    app.synthYaml();
    cluster.addWorkerPool({ name: 'gpu', replicas: 1, image: { url: 'http://img/gpu.raw' }, hostSelector: { matchLabels: { pool: 'gpu' } } });
    expect(synthError(app)).toMatch(/\[site\/cluster\] MachineDeployment\/site1-gpu spec.replicas: 1 worker replicas but only 0 BareMetalHost\(s\)/);
    // A host for it, added later, counts.
    hosts.addHost({ name: 'gpu1', labels: { pool: 'gpu' }, bmcAddress: 'redfish-virtualmedia://10.0.0.9/redfish/v1/Systems/1', bootMacAddress: '0c:c4:7a:00:00:19' });
    expect(() => app.synthYaml()).not.toThrow();
  });

  test('fails synth when a host escape-hatch edit takes away the hosts the control plane needs', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'site', { disableResourceNameHashes: true });
    const hosts = new BareMetalHostEnrollment(chart, 'hosts', {
      credentials: BmcCredentials.fromExistingSecret('bmc'),
      hosts: [1, 2, 3].map(i => ({ name: `cp${i}`, role: HostRole.CONTROL_PLANE, bmcAddress: `redfish-virtualmedia://10.0.0.${i}/redfish/v1/Systems/1`, bootMacAddress: `0c:c4:7a:00:00:1${i}` })),
    });
    new MultinodeRke2Cluster(chart, 'cluster', props({ hosts, workers: undefined }));
    hosts.hosts[2].bareMetalHost.metadata.addLabel('cluster-role', 'worker');
    expect(synthError(app)).toMatch(/\[site\/cluster\] RKE2ControlPlane\/site1 spec.replicas: 3 control-plane replicas but only 2 BareMetalHost\(s\).*: cp1, cp2/);
  });
});

describe('controlPlaneConfig edited after construction', () => {
  test('a file added later is in additionalUserData', () => {
    const { app, cluster } = site();
    cluster.controlPlaneConfig.addFile({ path: '/etc/motd', contents: { inline: 'site1\n' }, mode: 0o644 });
    const config = parseButane(cpConfig(docs(app)), { strict: true });
    expect(config.findings).toEqual([]);
    expect(config.model!.files.find(f => f.path === '/etc/motd')?.contents).toEqual({ inline: 'site1\n' });
    expect(cpConfig(cluster.objects)).toContain('/etc/motd');
  });

  test('a valid manifest added later is in additionalUserData and validated with the others', () => {
    const { app, cluster } = site();
    cluster.controlPlaneConfig.addManifestFile(`${RKE2_MANIFESTS_DIR}/extra-pool.yaml`, [IpAddressPool.manifest({
      metadata: { name: 'extra', namespace: 'metallb-system' },
      spec: { addresses: ['192.168.125.200/32'] },
    })]);
    expect(cpConfig(docs(app))).toContain('name: extra');
  });

  test('fails synth when a manifest added later breaks a MetalLB rule (pool overlap), naming the file and the object', () => {
    const { app, cluster } = site();
    cluster.controlPlaneConfig.addManifestFile(`${RKE2_MANIFESTS_DIR}/extra-pool.yaml`, [IpAddressPool.manifest({
      metadata: { name: 'extra', namespace: 'metallb-system' },
      spec: { addresses: ['192.168.125.96/28'] },
    })]);
    // The field names where the file is written (the Butane config), then the file and the object's field.
    expect(synthError(app)).toContain(`[site/cluster] RKE2ControlPlane/site1 spec.agentConfig.additionalUserData.config: ${RKE2_MANIFESTS_DIR}/extra-pool.yaml IPAddressPool/extra spec.addresses[0]: `
      + 'CIDR 192.168.125.96/28 in pool extra overlaps with already defined CIDR 192.168.125.100/32 (pool kubernetes-vip-ip-pool)');
  });

  test('fails at the call for a Butane error (the builder checks every entry when it is added)', () => {
    const { cluster } = site();
    expect(() => cluster.controlPlaneConfig.addFile({ path: 'relative/path', contents: { inline: 'x' } })).toThrow(/path/);
  });
});

describe('content-hashed templates', () => {
  test('fails synth for an escape-hatch edit of a machine template spec, saying why and what to do', () => {
    const { app, cluster } = site();
    ApiObject.of(cluster.controlPlaneMachineTemplate.apiObject).addJsonPatch(JsonPatch.replace('/spec/template/spec/image/url', 'http://img/cp2.raw'));
    expect(synthError(app)).toMatch(new RegExp(`\\[site/cluster\\] Metal3MachineTemplate/${cluster.controlPlaneMachineTemplate.name} spec.template.spec.image.url: `
      + 'changed after construction, but the name still carries the hash of the original content \\([0-9a-f]{8}\\); CAPI rolls machines only when '
      + 'the referenced template name changes, so running machines would never get this change \\(change the construct props instead \\(e.g. image, hostSelector\\)'));
  });

  test('fails synth for an escape-hatch edit of a data template or of an RKE2ConfigTemplate', () => {
    const { app, cluster } = site();
    cluster.controlPlaneDataTemplate.apiObject.addJsonPatch(JsonPatch.add('/spec/metaData/objectNames/-', { key: 'uuid', object: 'machine' }));
    cluster.workerPools[0].configTemplate.addJsonPatch(JsonPatch.replace('/spec/template/spec/agentConfig/nodeName', 'worker'));
    const message = synthError(app);
    expect(message).toMatch(new RegExp(`Metal3DataTemplate/${cluster.controlPlaneDataTemplate.name} spec.metaData.objectNames: changed after construction`));
    expect(message).toMatch(/RKE2ConfigTemplate\/site1-workers-[0-9a-f]{8} spec.template.spec.agentConfig.nodeName: changed after construction/);
  });

  test('metadata edits keep the content (labels are not hashed)', () => {
    const { app, cluster } = site();
    cluster.controlPlaneMachineTemplate.apiObject.metadata.addLabel('team', 'edge');
    expect(find(docs(app), 'Metal3MachineTemplate').metadata!.labels).toEqual({ team: 'edge' });
  });

  test('props changes give a new name, and the references follow', () => {
    const a = site().cluster;
    const b = site({ controlPlane: { image: { url: 'http://imagecache.local:8080/cp2.raw' } } }).cluster;
    expect(a.controlPlaneMachineTemplate.name).not.toBe(b.controlPlaneMachineTemplate.name);
    expect(find(b.objects, 'RKE2ControlPlane').spec.machineTemplate.spec.infrastructureRef.name).toBe(b.controlPlaneMachineTemplate.name);
  });
});
