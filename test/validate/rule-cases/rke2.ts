// Rule cases for RKE2 v1.34.2+rke2r1 (src/validate/catalog/rke2.ts): manifests CAPRKE2 objects ship
// to a node's manifests directory, and control planes tainted with no workers; from field reports
// where a user met the mistake (`source`), else ours.
import { RuleCase } from './case';
import { CLUSTER, MACHINE_DEPLOYMENT } from './fixtures-capi';
import { CONFIG_TEMPLATE, CONTROL_PLANE, edit } from './fixtures-rke2';
import { KubeObject } from '../../../src/core/kube-object';

const W = 'warning' as const;
const DIR = '/var/lib/rancher/rke2/server/manifests';
const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: default\ndata:\n  a: b\n`;
const serviceAccount = (name: string) => `apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: ${name}\n  namespace: kube-system\n`;

interface File { readonly path: string; readonly content: string }
/** The control plane (cloud-config) writing these files. */
const cpFiles = (files: File[], change: (o: any) => void = () => undefined): KubeObject =>
  edit(CONTROL_PLANE, o => { o.spec.files = files.map(f => ({ ...f, owner: 'root:root', permissions: '0644' })); change(o); });

const CILIUM_CHART = `apiVersion: helm.cattle.io/v1
kind: HelmChart
metadata:
  name: rke2-cilium
  namespace: kube-system
spec:
  repo: https://helm.cilium.io/
  chart: cilium
  bootstrap: true
  valuesContent: |-
    encryption:
      enabled: true
      type: wireguard
`;
const CILIUM_CONFIG = `apiVersion: helm.cattle.io/v1
kind: HelmChartConfig
metadata:
  name: rke2-cilium
  namespace: kube-system
spec:
  valuesContent: |-
    encryption:
      enabled: true
      type: wireguard
`;

/** A single-node control plane tainted `taint`, in its Cluster, with `extra` objects. */
const tainted = (taint: string, replicas = 1, extra: KubeObject[] = []) => [
  CLUSTER,
  edit(CONTROL_PLANE, o => { o.spec.replicas = replicas; o.spec.agentConfig.nodeTaints = [taint]; }),
  ...extra,
];

export const RKE2_CASES: RuleCase[] = [
  // Files RKE2 never reads
  {
    rule: 'rke2/manifest-skipped',
    expect: 'reject',
    severity: W,
    title: 'a worker RKE2ConfigTemplate writing a ConfigMap manifest (agents run no deploy controller)',
    objects: [edit(CONFIG_TEMPLATE, o => { o.spec.template.spec.files = [{ path: `${DIR}/app.yaml`, content: configMap('app') }]; })],
    message: /only on server nodes/,
    source: 'ours',
  },
  { rule: 'rke2/manifest-skipped', expect: 'reject', severity: W, title: 'a manifest named app.yaml.tmpl', objects: [cpFiles([{ path: `${DIR}/app.yaml.tmpl`, content: configMap('app') }])], message: /does not end in \.yaml/ },
  { rule: 'rke2/manifest-skipped', expect: 'reject', severity: W, title: 'a hidden manifest .app.yaml', objects: [cpFiles([{ path: `${DIR}/.app.yaml`, content: configMap('app') }])], message: /starts with "\."/ },
  {
    rule: 'rke2/manifest-skipped',
    expect: 'reject',
    severity: W,
    title: 'the default manifests directory with agentConfig.dataDir /opt/rke2',
    objects: [cpFiles([{ path: `${DIR}/app.yaml`, content: configMap('app') }], o => { o.spec.agentConfig.dataDir = '/opt/rke2'; })],
    message: /reads \/opt\/rke2\/server\/manifests/,
  },
  {
    rule: 'rke2/manifest-skipped',
    expect: 'accept',
    title: 'app.yaml and app.json on the control plane; a README; app2.yaml with its app2.yaml.skip marker; the data dir\'s own directory',
    objects: [
      cpFiles([
        { path: `${DIR}/app.yaml`, content: configMap('app') },
        { path: `${DIR}/apps/app.json`, content: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'j', namespace: 'default' } }) },
        { path: `${DIR}/README.md`, content: 'Manifests RKE2 applies at boot.\n' },
        { path: `${DIR}/app2.yaml`, content: configMap('app2') },
        { path: `${DIR}/app2.yaml.skip`, content: '' },
      ]),
      edit(cpFiles([{ path: '/opt/rke2/server/manifests/app.yaml', content: configMap('app') }], o => { o.spec.agentConfig.dataDir = '/opt/rke2'; }), o => { o.metadata.name = 'c2'; }),
    ],
  },
  // Addons
  {
    rule: 'rke2/manifest-addon',
    expect: 'reject',
    title: 'kube-vip.yaml and kube-vip.rbac.yaml: one Addon, each apply prunes the other\'s objects',
    objects: [cpFiles([{ path: `${DIR}/kube-vip.yaml`, content: serviceAccount('kube-vip') }, { path: `${DIR}/kube-vip.rbac.yaml`, content: serviceAccount('kube-vip-rbac') }])],
    message: /both tracked as the Addon kube-system\/kube-vip/,
    source: 'timothystewart6/k3s-ansible#41',
  },
  {
    rule: 'rke2/manifest-addon',
    expect: 'accept',
    title: 'kube-vip.yaml and kube-vip-rbac.yaml',
    objects: [cpFiles([{ path: `${DIR}/kube-vip.yaml`, content: serviceAccount('kube-vip') }, { path: `${DIR}/kube-vip-rbac.yaml`, content: serviceAccount('kube-vip-rbac') }])],
  },
  {
    rule: 'rke2/manifest-addon',
    expect: 'reject',
    title: 'an own rke2-ingress-nginx.yaml with rke2-ingress-nginx disabled: RKE2 deletes it',
    objects: [cpFiles([{ path: `${DIR}/rke2-ingress-nginx.yaml`, content: configMap('ingress') }], o => { o.spec.serverConfig.disableComponents = { pluginComponents: ['rke2-ingress-nginx'] }; })],
    message: /deleted by RKE2/,
    source: 'k3s-io/k3s#230',
  },
  { rule: 'rke2/manifest-addon', expect: 'reject', title: 'an own rke2-coredns.yaml (RKE2 writes its packaged file over it)', objects: [cpFiles([{ path: `${DIR}/rke2-coredns.yaml`, content: configMap('dns') }])], message: /writes its packaged rke2-coredns\.yaml over/ },
  { rule: 'rke2/manifest-addon', expect: 'reject', title: 'My_App.yaml (Addon name not an object name)', objects: [cpFiles([{ path: `${DIR}/My_App.yaml`, content: configMap('app') }])], message: /invalid object name/ },
  {
    rule: 'rke2/manifest-addon',
    expect: 'accept',
    title: 'rke2-coredns-config.yaml and my-ingress.yaml with rke2-ingress-nginx disabled',
    objects: [cpFiles([{ path: `${DIR}/rke2-coredns-config.yaml`, content: configMap('dns') }, { path: `${DIR}/my-ingress.yaml`, content: configMap('ingress') }],
      o => { o.spec.serverConfig.disableComponents = { pluginComponents: ['rke2-ingress-nginx'] }; })],
  },
  // Packaged charts
  {
    rule: 'rke2/manifest-packaged-chart',
    expect: 'reject',
    title: 'a HelmChart kube-system/rke2-cilium of its own with cni: cilium',
    objects: [cpFiles([{ path: `${DIR}/cilium.yaml`, content: CILIUM_CHART }])],
    message: /RKE2 applies its own packaged HelmChart rke2-cilium/,
    source: 'rancher/rke2#1734',
  },
  {
    rule: 'rke2/manifest-packaged-chart',
    expect: 'accept',
    title: 'a HelmChartConfig rke2-cilium; an own HelmChart rke2-coredns with rke2-coredns disabled',
    objects: [cpFiles([{ path: `${DIR}/rke2-cilium-config.yaml`, content: CILIUM_CONFIG }, { path: `${DIR}/coredns.yaml`, content: CILIUM_CHART.replace(/rke2-cilium/g, 'rke2-coredns') }],
      o => { o.spec.serverConfig.disableComponents = { pluginComponents: ['rke2-coredns'] }; })],
  },
  // Taints
  {
    rule: 'rke2/no-schedulable-node',
    expect: 'reject',
    title: 'one server tainted control-plane NoSchedule, no workers',
    objects: tainted('node-role.kubernetes.io/control-plane=true:NoSchedule'),
    message: /rke2-runtimeclasses.*stay Pending/,
    source: 'rancher/rke2#1826',
  },
  {
    rule: 'rke2/no-schedulable-node',
    expect: 'reject',
    title: 'three servers tainted CriticalAddonsOnly=true:NoExecute, no agents yet',
    objects: tainted('CriticalAddonsOnly=true:NoExecute', 3),
    message: /rke2-ingress-nginx/,
    source: 'rancher/rke2#1758',
  },
  {
    rule: 'rke2/no-schedulable-node',
    expect: 'reject',
    title: 'a single cilium server with node-taint CriticalAddonsOnly=true:NoExecute',
    objects: [CLUSTER, edit(CONTROL_PLANE, o => { o.spec.replicas = 1; o.spec.serverConfig = { cni: 'cilium', tlsSan: ['192.168.8.100'] }; o.spec.agentConfig.nodeTaints = ['CriticalAddonsOnly=true:NoExecute']; })],
    source: 'rancher/rke2#7764',
  },
  {
    rule: 'rke2/no-schedulable-node',
    expect: 'reject',
    title: 'the taint given as a kubelet register-with-taints argument',
    objects: [CLUSTER, edit(CONTROL_PLANE, o => { o.spec.agentConfig.kubelet = { extraArgs: ['register-with-taints=dedicated=cp:NoSchedule'] }; })],
  },
  { rule: 'rke2/no-schedulable-node', expect: 'accept', title: 'the tainted control plane with a MachineDeployment of workers', objects: tainted('CriticalAddonsOnly=true:NoExecute', 3, [MACHINE_DEPLOYMENT]) },
  { rule: 'rke2/no-schedulable-node', expect: 'accept', title: 'PreferNoSchedule; no Cluster in the set (workers may be elsewhere)', objects: [...tainted('a=b:PreferNoSchedule'), edit(CONTROL_PLANE, o => { o.metadata.name = 'c9'; o.spec.agentConfig.nodeTaints = ['a=b:NoSchedule']; })] },
];
