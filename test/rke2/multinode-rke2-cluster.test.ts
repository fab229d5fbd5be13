import { App, Chart, Testing } from 'cdk8s';
import { parse } from 'yaml';
import {
  BareMetalHostEnrollment, BmcCredentials, Cni, HostRole, MultinodeRke2Cluster, MultinodeRke2ClusterProps, SingleNodeRke2Cluster, ValidationError,
} from '../../src';
import { KubeObject } from '../../src/core/kube-object';
import { parseButane } from '../../src/validate/butane/parse';
import { embeddedManifests } from '../../src/validate/embedded-manifests';
import { expectValid, find, newChart, synth } from '../util';

const base = (extra: Partial<MultinodeRke2ClusterProps> = {}): MultinodeRke2ClusterProps => ({
  clusterName: 'site1',
  version: 'v1.36.3+rke2r1',
  apiVip: { ipv4: '192.168.125.100' },
  controlPlane: { image: { url: 'http://imagecache.local:8080/cp.raw' } },
  ...extra,
});

function build(extra: Partial<MultinodeRke2ClusterProps> = {}): { objects: KubeObject[]; cluster: MultinodeRke2Cluster } {
  const chart = newChart();
  const cluster = new MultinodeRke2Cluster(chart, 'c', base(extra));
  return { objects: synth(chart), cluster };
}

const cpConfig = (objects: KubeObject[]) => find(objects, 'RKE2ControlPlane').spec.agentConfig.additionalUserData.config as string;
const embedded = (objects: KubeObject[]) => embeddedManifests(objects).map(e => e.object);

describe('MultinodeRke2Cluster', () => {
  test('IPv4-only: single-stack CIDRs, endpoint, SingleStack VIP Service, v4 TLS SANs', () => {
    const { objects } = build();
    expectValid(objects);
    expect(objects.map(o => o.kind)).toEqual(['Cluster', 'Metal3Cluster', 'Metal3DataTemplate', 'Metal3MachineTemplate', 'RKE2ControlPlane']);
    const c = find(objects, 'Cluster');
    expect(c.spec.clusterNetwork).toEqual({ pods: { cidrBlocks: ['192.168.0.0/18'] }, services: { cidrBlocks: ['10.96.0.0/12'] } });
    expect(c.metadata!.labels).toBeUndefined();
    expect(find(objects, 'Metal3Cluster').spec).toEqual({ controlPlaneEndpoint: { host: '192.168.125.100', port: 6443 }, cloudProviderEnabled: false });
    const cp = find(objects, 'RKE2ControlPlane');
    expect(cp.spec.replicas).toBe(3);
    expect(cp.spec.registrationMethod).toBe('control-plane-endpoint');
    expect(cp.spec.registrationAddress).toBe('192.168.125.100');
    expect(cp.spec.rolloutStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 0 } });
    expect(cp.spec.serverConfig).toEqual({ cni: 'cilium', tlsSan: ['192.168.125.100', '192.168.125.100.sslip.io'] });
    expect(cp.spec.machineTemplate.spec.infrastructureRef).toEqual({ apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: find(objects, 'Metal3MachineTemplate').metadata!.name });
    expect(cp.metadata!.annotations).toEqual({ 'rke2.controlplane.cluster.x-k8s.io/load-balancer-exclusion': 'true' });
    const svc = find(embedded(objects), 'Service', 'kubernetes-vip');
    expect(svc.spec.ipFamilyPolicy).toBe('SingleStack');
    expect(svc.spec.ipFamilies).toEqual(['IPv4']);
    expect(svc.spec.ports.map((p: any) => p.port)).toEqual([9345, 6443]);
    expect(find(embedded(objects), 'IPAddressPool', 'kubernetes-vip-ip-pool').spec.addresses).toEqual(['192.168.125.100/32']);
  });

  test('IPv6-only: v6 CIDRs, v6 endpoint, dashed sslip name', () => {
    const { objects } = build({ apiVip: { ipv6: 'FD00:DEAD:BEEF:0::100' } });
    expectValid(objects);
    expect(find(objects, 'Cluster').spec.clusterNetwork.pods.cidrBlocks).toEqual(['fd00:1234:4321::/48']);
    expect(find(objects, 'Metal3Cluster').spec.controlPlaneEndpoint.host).toBe('fd00:dead:beef::100');
    expect(find(objects, 'RKE2ControlPlane').spec.serverConfig.tlsSan).toEqual(['fd00:dead:beef::100', 'fd00-dead-beef--100.sslip.io']);
    expect(find(embedded(objects), 'Service').spec.ipFamilies).toEqual(['IPv6']);
  });

  test('dual-stack: both families everywhere, IPv4 first, PreferDualStack', () => {
    const { objects } = build({ apiVip: { ipv4: '192.168.125.100', ipv6: 'fd00:dead:beef::100' }, ingressVip: { ipv4: '192.168.125.101', ipv6: 'fd00:dead:beef::101' } });
    expectValid(objects);
    expect(find(objects, 'Cluster').spec.clusterNetwork.services.cidrBlocks).toEqual(['10.96.0.0/12', 'fd00:5678:8765:4321::/112']);
    expect(find(embedded(objects), 'Service').spec.ipFamilyPolicy).toBe('PreferDualStack');
    expect(find(embedded(objects), 'IPAddressPool', 'ingress-ippool').spec.addresses).toEqual(['192.168.125.101/32', 'fd00:dead:beef::101/128']);
  });

  test('the control-plane Butane carries the preinstall unit and the manifest files, mode 0644 root:root, overwrite', () => {
    const { objects } = build({ ingressVip: { ipv4: '192.168.125.101' } });
    const parsed = parseButane(cpConfig(objects), { strict: true });
    expect(parsed.findings).toEqual([]);
    expect(parsed.model!.units.map(u => [u.name, u.enabled])).toEqual([['rke2-preinstall.service', true]]);
    expect(parsed.model!.directories.map(d => d.path)).toEqual(['/var/lib/rancher/rke2/server/manifests']);
    expect(parsed.model!.files.map(f => f.path.split('/').pop())).toEqual([
      'rke2-cilium-config.yaml', 'endpoint-copier-operator.yaml', 'metallb.yaml', 'metallb-cr.yaml', 'endpoint-svc.yaml', 'rke2-traefik-config.yaml', 'metallb-traefik-cr.yaml',
    ]);
    for (const f of parsed.model!.files) {
      expect([f.mode, f.user, f.group, f.overwrite]).toEqual([0o644, { name: 'root' }, { name: 'root' }, true]);
    }
    expect(cpConfig(objects)).toMatch(/mode: 0644/);
  });

  test('chart versions are props; Traefik values are data', () => {
    const { objects } = build({ metallb: { metallbChartVersion: '308.0.0+up0.17.0', endpointCopierChartVersion: '308.0.1+up0.3.1' }, ingressVip: { ipv4: '192.168.125.101' } });
    expect(find(embedded(objects), 'HelmChart', 'metallb').spec.version).toBe('308.0.0+up0.17.0');
    expect(find(embedded(objects), 'HelmChart', 'endpoint-copier-operator').spec.version).toBe('308.0.1+up0.3.1');
    expect(parse(find(embedded(objects), 'HelmChartConfig', 'rke2-traefik').spec.valuesContent).ports.web).toEqual({ hostPort: null, exposedPort: 80 });
  });

  test('options: rancher auto-import, CNI, multus, no cilium override, registration by address', () => {
    const { objects } = build({ rancherAutoImport: true, cni: Cni.CALICO, multus: true, registrationMethod: 'address' as any, additionalTlsSans: ['api.site1.example.com'], sslipTlsSans: false });
    expectValid(objects);
    expect(find(objects, 'Cluster').metadata!.labels).toEqual({ 'cluster-api.cattle.io/rancher-auto-import': 'true' });
    const cp = find(objects, 'RKE2ControlPlane');
    expect(cp.spec.serverConfig).toEqual({ cni: 'calico', cniMultusEnable: true, tlsSan: ['192.168.125.100', 'api.site1.example.com'] });
    expect(cp.spec.registrationMethod).toBe('address');
    expect(embedded(objects).some(o => o.metadata?.name === 'rke2-cilium')).toBe(false);
  });

  test('workers: MachineDeployment, RKE2ConfigTemplate, templates; labels and selector agree; rollout for bare metal', () => {
    const { objects, cluster } = build({ workers: { replicas: 2, image: { url: 'http://img/w.raw' }, nodeDrainTimeoutSeconds: 0 } });
    expectValid(objects);
    const md = find(objects, 'MachineDeployment');
    expect(md.metadata!.name).toBe('site1-workers');
    expect(md.spec.selector.matchLabels).toEqual({ 'cluster.x-k8s.io/cluster-name': 'site1', 'nodepool': 'nodepool-0' });
    expect(md.spec.template.metadata.labels).toEqual(md.spec.selector.matchLabels);
    expect(md.spec.rollout.strategy.rollingUpdate).toEqual({ maxSurge: 0, maxUnavailable: 1 });
    expect(md.spec.template.spec.version).toBe('v1.36.3+rke2r1');
    expect(md.spec.template.spec.bootstrap.configRef.name).toBe(cluster.workerPools[0].configTemplate.name);
    const wt = objects.filter(o => o.kind === 'Metal3MachineTemplate').find(o => o.metadata!.name!.startsWith('site1-workers-'))!;
    expect(wt.spec.template.spec.hostSelector).toEqual({ matchLabels: { 'cluster-role': 'worker' } });
    const cfg = find(objects, 'RKE2ConfigTemplate').spec.template.spec.agentConfig;
    expect(parseButane(cfg.additionalUserData.config, { strict: true }).model!.units.map(u => u.name)).toEqual(['rke2-preinstall.service']);
    expect(cfg.nodeName).toBe('Node-site1-worker');
  });

  test('a second pool gets its own names; a duplicate pool fails', () => {
    const chart = newChart();
    const c = new MultinodeRke2Cluster(chart, 'c', base({ workers: { replicas: 1, image: { url: 'http://img/w.raw' } } }));
    c.addWorkerPool({ name: 'gpu', replicas: 1, image: { url: 'http://img/g.raw' }, hostSelector: { matchLabels: { pool: 'gpu' } } });
    const objects = synth(chart);
    expectValid(objects);
    expect(objects.filter(o => o.kind === 'MachineDeployment').map(o => o.metadata!.name)).toEqual(['site1-workers', 'site1-gpu']);
    expect(() => c.addWorkerPool({ name: 'gpu', replicas: 1, image: { url: 'http://img/g.raw' } })).toThrow(/worker pool gpu is defined twice/);
  });

  test('template names change with their content and only then (rolling updates by rotation)', () => {
    const name = (url: string) => find(build({ controlPlane: { image: { url } } }).objects, 'Metal3MachineTemplate').metadata!.name;
    expect(name('http://img/a.raw')).toBe(name('http://img/a.raw'));
    expect(name('http://img/a.raw')).not.toBe(name('http://img/b.raw'));
    expect(name('http://img/a.raw')).toMatch(/^site1-controlplane-[0-9a-f]{8}$/);
  });

  test('snapshot of the dual-stack cluster with workers', () => {
    expect(build({ apiVip: { ipv4: '192.168.125.100', ipv6: 'fd00:dead:beef::100' }, workers: { replicas: 1, image: { url: 'http://img/w.raw' } } }).objects).toMatchSnapshot();
  });

  test.each([
    [{ version: 'v1.36.3' }, /version: "v1.36.3" is not an RKE2 version/],
    [{ version: '1.36.3+rke2r1' }, /is not an RKE2 version/],
    [{ clusterName: 'Site_1' }, /clusterName: "Site_1"/],
    [{ clusterName: 'x'.repeat(46) }, /at most 45/],
    [{ namespace: 'Bad' }, /namespace: "Bad"/],
    [{ apiVip: { ipv4: 'fd00::1' } }, /apiVip.ipv4: "fd00::1" is not an ipv4 address \(it is ipv6\)/],
    [{ apiVip: { ipv4: '192.168.1.300' } }, /apiVip.ipv4: "192.168.1.300" is not an ipv4 address/],
    [{ apiVip: {} }, /needs an ipv4 or an ipv6 address/],
    [{ apiVip: { ipv4: '10.96.0.10' } }, /control plane endpoint 10.96.0.10 lies inside the services CIDR 10.96.0.0\/12/],
    [{ apiVip: { ipv4: '192.168.1.10', ipv6: 'fd00::10' }, network: { podCidrs: ['10.244.0.0/16'], serviceCidrs: ['10.96.0.0/12'] } }, /is ipv6 but the cluster networks are ipv4/],
    [{ network: { podCidrs: ['10.96.0.0/16'] } }, /pods CIDR 10.96.0.0\/16 overlaps services CIDR 10.96.0.0\/12/],
    [{ network: { podCidrs: ['10.244.0.0/16', '10.245.0.0/16'] } }, /two CIDRs must be one IPv4 and one IPv6/],
    [{ network: { podCidrs: ['10.244.0.0'] } }, /network.podCidrs\[0\]: "10.244.0.0" is not a CIDR/],
    [{ network: { podCidrs: [] } }, /must list one CIDR, or two/],
    [{ controlPlane: { replicas: 0, image: { url: 'http://x/y' } } }, /controlPlane.replicas: 0 must be a whole number ≥ 1/],
    [{ controlPlane: { maxSurge: 2, image: { url: 'http://x/y' } } }, /controlPlane.maxSurge: 2 is not supported/],
    [{ controlPlane: { image: { url: 'imagecache/x.raw' } } }, /controlPlane.image.url: "imagecache\/x.raw" is not an absolute URL/],
    [{ controlPlane: { image: { url: 'http://x/y' }, hostSelector: { matchExpressions: [{ key: 'role', operator: 'Is' }] } } }, /not a valid selector operator/],
    [{ cni: 'flannel' as any }, /cni: must be one of "cilium", "calico", "canal", "none" \(got string "flannel"\)/],
    [{ cni: Cni.NONE, multus: true }, /Multus needs a primary CNI/],
    [{ workers: { replicas: -1, image: { url: 'http://x/y' } } }, /replicas: -1 must be a whole number ≥ 0/],
    [{ workers: { replicas: 1, maxSurge: 0, maxUnavailable: 0, image: { url: 'http://x/y' } } }, /maxSurge and maxUnavailable cannot both be 0/],
    [{ ingressVip: { ipv4: '192.168.125.100' } }, /overlaps with already defined CIDR 192.168.125.100\/32/],
  ])('fails on %j', (extra, message) => {
    expect(() => build(extra as any)).toThrow(ValidationError);
    expect(() => build(extra as any)).toThrow(message);
  });

  test('errors name the construct path', () => {
    expect(() => build({ version: 'x' })).toThrow(/^test\/c: version: /);
  });
});

describe('host capacity (hosts prop)', () => {
  interface Workers { replicas: number; maxSurge?: number; maxUnavailable?: number }
  function site(cpHosts: number, workerHosts: number, cpReplicas: number, workers?: Workers): App {
    const app = Testing.app();
    const chart = new Chart(app, 'site', { disableResourceNameHashes: true });
    const hosts = new BareMetalHostEnrollment(chart, 'hosts', {
      credentials: BmcCredentials.fromExistingSecret('bmc'),
      hosts: [
        ...Array.from({ length: cpHosts }, (_, i) => ({ name: `cp${i}`, role: HostRole.CONTROL_PLANE, bmcAddress: `redfish-virtualmedia://10.0.0.${i + 1}/redfish/v1/Systems/1`, bootMacAddress: `0c:c4:7a:00:00:${(i + 16).toString(16)}` })),
        ...Array.from({ length: workerHosts }, (_, i) => ({ name: `w${i}`, role: HostRole.WORKER, bmcAddress: `redfish-virtualmedia://10.0.1.${i + 1}/redfish/v1/Systems/1`, bootMacAddress: `0c:c4:7a:00:01:${(i + 16).toString(16)}` })),
      ],
    });
    new MultinodeRke2Cluster(chart, 'cluster', base({
      hosts,
      controlPlane: { replicas: cpReplicas, image: { url: 'http://img/cp.raw' } },
      workers: workers && { ...workers, image: { url: 'http://img/w.raw' } },
    }));
    return app;
  }

  test('three control-plane hosts and replicas 3 synthesize', () => {
    expect(() => site(3, 0, 3).synthYaml()).not.toThrow();
  });

  test('fails at synth with two hosts for three replicas, naming the selector and the hosts', () => {
    expect(() => site(2, 0, 3).synthYaml()).toThrow(/RKE2ControlPlane\/site1 spec.replicas: 3 control-plane replicas but only 2 BareMetalHost\(s\) in namespace default match the hostSelector of site1-controlplane-[0-9a-f]{8} \({"matchLabels":{"cluster-role":"control-plane"}}\): cp0, cp1/);
  });

  test('hosts added after the cluster construct still count', () => {
    const app = site(2, 0, 3);
    const enrollment = app.node.findAll().find(c => c instanceof BareMetalHostEnrollment) as BareMetalHostEnrollment;
    enrollment.addHost({ name: 'cp9', role: HostRole.CONTROL_PLANE, bmcAddress: 'redfish-virtualmedia://10.0.0.9/redfish/v1/Systems/1', bootMacAddress: '0c:c4:7a:00:00:99' });
    expect(() => app.synthYaml()).not.toThrow();
  });

  test('workers: too few fail; a missing spare for maxSurge 1 is not fatal', () => {
    expect(() => site(3, 1, 3, { replicas: 2 }).synthYaml()).toThrow(/2 worker replicas but only 1 BareMetalHost/);
    expect(() => site(3, 2, 3, { replicas: 2, maxSurge: 1, maxUnavailable: 0 }).synthYaml()).not.toThrow();
  });
});

describe('SingleNodeRke2Cluster', () => {
  test('one control-plane machine on the node address, no MetalLB, no workers', () => {
    const chart = newChart();
    new SingleNodeRke2Cluster(chart, 'edge', {
      clusterName: 'edge-1',
      version: 'v1.36.3+rke2r1',
      endpoint: '192.168.200.10',
      cni: Cni.CALICO,
      controlPlane: { image: { url: 'http://img/cp.raw' } },
    });
    const objects = synth(chart);
    expectValid(objects);
    expect(objects.map(o => o.kind)).toEqual(['Cluster', 'Metal3Cluster', 'Metal3DataTemplate', 'Metal3MachineTemplate', 'RKE2ControlPlane']);
    const cp = find(objects, 'RKE2ControlPlane');
    expect(cp.spec.replicas).toBe(1);
    expect(find(objects, 'Metal3Cluster').spec.controlPlaneEndpoint.host).toBe('192.168.200.10');
    expect(embeddedManifests(objects)).toEqual([]);
    expect(parseButane(cpConfig(objects)).model!.files).toEqual([]);
  });

  test('with an API VIP it gets MetalLB', () => {
    const chart = newChart();
    new SingleNodeRke2Cluster(chart, 'edge', { clusterName: 'edge-1', version: 'v1.36.3+rke2r1', apiVip: { ipv4: '192.168.200.100' }, controlPlane: { image: { url: 'http://img/cp.raw' } } });
    const objects = synth(chart);
    expectValid(objects);
    expect(embeddedManifests(objects).map(e => e.object.kind)).toContain('IPAddressPool');
  });

  test.each([
    [{ controlPlane: { replicas: 3, image: { url: 'http://img/cp.raw' } } }, /exactly 1 control-plane machine/],
    [{ endpoint: undefined }, /an API VIP or an endpoint address is required/],
    [{ apiVip: { ipv4: '10.0.0.1' } }, /set either endpoint or apiVip, not both/],
    [{ endpoint: 'not an address!' }, /neither an IP address nor a DNS name/],
  ])('fails on %j', (extra, message) => {
    expect(() => new SingleNodeRke2Cluster(newChart(), 'edge', { clusterName: 'edge-1', version: 'v1.36.3+rke2r1', endpoint: '192.168.200.10', controlPlane: { image: { url: 'http://img/cp.raw' } }, ...extra } as any)).toThrow(message);
  });
});
