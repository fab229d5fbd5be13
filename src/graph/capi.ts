// Cluster API + Metal3 edges: Cluster → control plane / infrastructure / MachineDeployments,
// templates and their references, hostSelectors → BareMetalHosts, hosts → BMC Secrets,
// controlPlaneEndpoint → VIP. Reads v1beta1 and v1beta2 reference shapes alike.
import { DraftNode, GraphBuilder } from './builder';
import { EdgeKind, NodeRole, NodeStatus } from './model';
import { describeSelector, labelLines, readSelector } from './selector-text';
import { VipIndex } from './vips';
import { groupOf } from '../core/gvk';
import { selectorMatches } from '../core/selectors';

const CAPI = 'cluster.x-k8s.io';
const INFRA = 'infrastructure.cluster.x-k8s.io';
const CONTROL_PLANE = 'controlplane.cluster.x-k8s.io';
const BOOTSTRAP = 'bootstrap.cluster.x-k8s.io';
const MEMBERS = ['MachineDeployment', 'MachineSet', 'MachinePool', 'Machine', 'MachineHealthCheck'];

function bmcHost(address: unknown): string | undefined {
  if (typeof address !== 'string' || !address) return undefined;
  try {
    return new URL(address).hostname || address;
  } catch {
    return address;
  }
}

function replicasLine(spec: any): string[] {
  const parts: string[] = [];
  if (typeof spec?.replicas === 'number') parts.push(`replicas ${spec.replicas}`);
  const version = spec?.version ?? spec?.template?.spec?.version;
  if (typeof version === 'string') parts.push(version);
  return parts.length ? [parts.join(', ')] : [];
}

function portSuffix(port: unknown): string {
  return typeof port === 'number' || (typeof port === 'string' && port) ? ` :${port}` : '';
}

/** Host selection: every template or Metal3Machine hostSelector against the hosts of its namespace. */
function selectHosts(b: GraphBuilder, from: DraftNode, rawSelector: unknown, hosts: DraftNode[]): void {
  const sel = readSelector(rawSelector);
  const text = describeSelector(sel);
  const picked = hosts.filter(h => h.namespace === from.namespace && selectorMatches(sel, h.object?.metadata?.labels ?? {}));
  for (const h of picked) b.edge(from.key, h.key, EdgeKind.SELECTS, `hostSelector ${text}`);
  if (picked.length) return;
  const placeholder = b.add({
    key: `nomatch|${from.key}`,
    kind: 'hostSelector',
    name: text,
    namespace: from.namespace,
    role: NodeRole.SELECTOR,
    idHint: `NoMatch_${from.idHint}`,
    details: [],
    status: NodeStatus.WARNING,
    note: 'picks no BareMetalHost',
    warning: `${from.kind} ${from.namespace}/${from.name}: hostSelector ${text} picks no BareMetalHost in the input`,
    homeNamespace: from.namespace,
  });
  b.edge(from.key, placeholder.key, EdgeKind.SELECTS_NOTHING, `hostSelector ${text}`, true);
}

export function addCapiEdges(b: GraphBuilder, nodes: readonly DraftNode[], vips: VipIndex): void {
  const hosts = b.objectsOf('metal3.io', 'BareMetalHost');
  for (const n of nodes) {
    const o = n.object!;
    const spec = o.spec ?? {};
    const group = groupOf(o);
    if (group === CAPI && o.kind === 'Cluster') {
      b.link(n, spec.controlPlaneRef, 'controlPlaneRef', 'KubeadmControlPlane', CONTROL_PLANE);
      b.link(n, spec.infrastructureRef, 'infrastructureRef', 'Metal3Cluster', INFRA);
      vips.endpoint(n, spec.controlPlaneEndpoint?.host, `controlPlaneEndpoint${portSuffix(spec.controlPlaneEndpoint?.port)}`, true);
      if (typeof spec.topology?.class === 'string') n.details.push(`class ${spec.topology.class}`);
    }
    if (group === CAPI && MEMBERS.includes(o.kind ?? '') && typeof spec.clusterName === 'string' && spec.clusterName) {
      const cluster = b.resolve({ kind: 'Cluster', apiGroup: CAPI, name: spec.clusterName }, n.namespace, 'Cluster', CAPI)!;
      b.edge(cluster.key, n.key, EdgeKind.MEMBER, 'clusterName', cluster.status === NodeStatus.MISSING);
    }
    if (group === CONTROL_PLANE) {
      n.details.push(...replicasLine(spec));
      const ref = spec.machineTemplate?.spec?.infrastructureRef ?? spec.machineTemplate?.infrastructureRef ?? spec.infrastructureRef;
      b.link(n, ref, 'infrastructureRef', 'Metal3MachineTemplate', INFRA);
    }
    if (group === CAPI && ['MachineDeployment', 'MachineSet', 'MachinePool'].includes(o.kind ?? '')) {
      n.details.push(...replicasLine(spec));
      b.link(n, spec.template?.spec?.infrastructureRef, 'infrastructureRef', 'Metal3MachineTemplate', INFRA);
      b.link(n, spec.template?.spec?.bootstrap?.configRef, 'bootstrap.configRef', 'RKE2ConfigTemplate', BOOTSTRAP);
    }
    if (group === CAPI && o.kind === 'Machine') {
      b.link(n, spec.infrastructureRef, 'infrastructureRef', 'Metal3Machine', INFRA);
      b.link(n, spec.bootstrap?.configRef, 'bootstrap.configRef', 'RKE2Config', BOOTSTRAP);
    }
    if (group === INFRA && o.kind === 'Metal3Cluster') {
      vips.endpoint(n, spec.controlPlaneEndpoint?.host, `controlPlaneEndpoint${portSuffix(spec.controlPlaneEndpoint?.port)}`, true);
    }
    if (group === INFRA && (o.kind === 'Metal3MachineTemplate' || o.kind === 'Metal3Machine')) {
      const m = o.kind === 'Metal3Machine' ? spec : spec.template?.spec ?? {};
      const dataTemplate = m.dataTemplate;
      if (dataTemplate && typeof dataTemplate === 'object') {
        b.link(n, { ...dataTemplate, kind: 'Metal3DataTemplate', apiGroup: INFRA }, 'dataTemplate', 'Metal3DataTemplate', INFRA);
      }
      selectHosts(b, n, m.hostSelector, hosts);
    }
    if (group === 'metal3.io' && o.kind === 'BareMetalHost') {
      n.details.push(...labelLines(o.metadata?.labels));
      const bmc = bmcHost(spec.bmc?.address);
      if (bmc) n.details.push(`bmc ${bmc}`);
      const secret = (name: unknown, reason: string, kind = EdgeKind.REFERENCE) => {
        if (typeof name === 'string') b.link(n, { kind: 'Secret', apiGroup: '', name }, reason, 'Secret', '', kind);
      };
      secret(spec.bmc?.credentialsName, 'credentials', EdgeKind.CREDENTIALS);
      secret(spec.userData?.name, 'userData');
      secret(spec.networkData?.name, 'networkData');
      secret(spec.metaData?.name, 'metaData');
      secret(spec.preprovisioningNetworkDataName, 'preprovisioningNetworkData');
    }
  }
}
