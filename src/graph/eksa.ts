// EKS Anywhere edges: Cluster → datacenterRef, the control plane / worker node groups /
// external etcd (inline in the spec, drawn as nodes) → their machineGroupRefs, endpoints,
// and with a hardware.csv the Tinkerbell hardwareSelectors → the machines they pick.
import { DraftNode, GraphBuilder } from './builder';
import { EdgeKind, NodeRole, NodeStatus } from './model';
import { describeSelector, labelMapSelector } from './selector-text';
import { VipIndex } from './vips';
import { groupOf } from '../core/gvk';
import { selectorMatches } from '../core/selectors';
import { HardwareMachine } from '../validate/eksa/hardware';

const EKSA = 'anywhere.eks.amazonaws.com';

/** Where a hardware row came from, without the line: `dist/x/hardware.csv`. */
export function hardwareFile(m: HardwareMachine): string {
  return (m.source ?? 'hardware.csv').replace(/:\d+$/, '');
}

function addHardware(b: GraphBuilder, machines: readonly HardwareMachine[]): Array<{ node: DraftNode; labels: Record<string, string> }> {
  return machines.map(m => {
    const file = hardwareFile(m);
    const details = [m.ipAddress, ...Object.keys(m.labels).sort().map(k => `${k}=${m.labels[k]}`)].filter(Boolean);
    const node = b.add({
      key: `hw|${file}|${m.hostname}`,
      kind: 'Hardware',
      name: m.hostname,
      role: NodeRole.HARDWARE,
      idHint: `Hardware_${m.hostname}`,
      details,
      status: NodeStatus.OK,
      source: m.source,
      fixedGroup: { id: `hardware|${file}`, label: `hardware ${file}` },
    });
    return { node, labels: m.labels };
  });
}

export function addEksaEdges(b: GraphBuilder, nodes: readonly DraftNode[], vips: VipIndex, hardware: readonly HardwareMachine[] | undefined): void {
  const machines = hardware ? addHardware(b, hardware) : undefined;
  for (const n of nodes) {
    const o = n.object!;
    if (groupOf(o) !== EKSA) continue;
    const spec = o.spec ?? {};
    if (o.kind === 'Cluster') {
      if (typeof spec.kubernetesVersion === 'string' || typeof spec.kubernetesVersion === 'number') n.details.push(`Kubernetes ${spec.kubernetesVersion}`);
      b.link(n, spec.datacenterRef, 'datacenterRef', 'DatacenterConfig', EKSA);
      // Inline parts of the spec, drawn like the CAPI objects they become.
      const part = (key: string, kind: string, name: string, config: any, reason: string) => {
        const idHint = [kind, n.namespace, n.name, kind === 'WorkerNodeGroup' ? name : undefined].filter(Boolean).join('_');
        const p = b.add({
          key,
          kind,
          name,
          namespace: n.namespace,
          role: kind === 'WorkerNodeGroup' ? NodeRole.WORKERS : NodeRole.CONTROL_PLANE,
          idHint,
          details: typeof config?.count === 'number' ? [`count ${config.count}`] : [],
          status: NodeStatus.OK,
          source: n.source,
          homeNamespace: n.namespace,
        });
        b.edge(n.key, p.key, EdgeKind.MEMBER, reason);
        b.link(p, config?.machineGroupRef, 'machineGroupRef', 'MachineConfig', EKSA);
        return p;
      };
      if (spec.controlPlaneConfiguration && typeof spec.controlPlaneConfiguration === 'object') {
        const cp = part(`eksa-cp|${n.key}`, 'ControlPlaneConfiguration', n.name, spec.controlPlaneConfiguration, 'controlPlaneConfiguration');
        vips.endpoint(cp, spec.controlPlaneConfiguration.endpoint?.host, 'endpoint', false);
      }
      const groups: any[] = Array.isArray(spec.workerNodeGroupConfigurations) ? spec.workerNodeGroupConfigurations : [];
      groups.forEach((g, i) => {
        const name = typeof g?.name === 'string' && g.name ? g.name : `#${i}`;
        part(`eksa-wng|${n.key}|${name}`, 'WorkerNodeGroup', name, g, 'workerNodeGroupConfigurations');
      });
      if (spec.externalEtcdConfiguration && typeof spec.externalEtcdConfiguration === 'object') {
        part(`eksa-etcd|${n.key}`, 'ExternalEtcdConfiguration', n.name, spec.externalEtcdConfiguration, 'externalEtcdConfiguration');
      }
      b.link(n, spec.gitOpsRef, 'gitOpsRef', 'FluxConfig', EKSA);
      const idps: any[] = Array.isArray(spec.identityProviderRefs) ? spec.identityProviderRefs : [];
      for (const ref of idps) b.link(n, ref, 'identityProviderRefs', 'OIDCConfig', EKSA);
      // A workload cluster's management cluster usually lives elsewhere: drawn only when in the input.
      const mgmt = spec.managementCluster?.name;
      if (typeof mgmt === 'string' && mgmt !== n.name) {
        const target = b.objectsOf(EKSA, 'Cluster').find(c => c.name === mgmt && c.namespace === n.namespace);
        if (target) b.edge(target.key, n.key, EdgeKind.MEMBER, 'manages');
      }
    }
    if (o.kind === 'TinkerbellDatacenterConfig') vips.endpoint(n, spec.tinkerbellIP, 'tinkerbellIP', false);
    if (o.kind === 'TinkerbellMachineConfig') {
      b.link(n, spec.templateRef, 'templateRef', 'TinkerbellTemplateConfig', EKSA);
      const sel = labelMapSelector(spec.hardwareSelector);
      const text = describeSelector(sel);
      if (!machines) {
        n.details.push(`hardwareSelector ${text}`);
        continue;
      }
      const picked = machines.filter(m => selectorMatches(sel, m.labels)).map(m => m.node);
      for (const m of picked) b.edge(n.key, m.key, EdgeKind.SELECTS, `hardwareSelector ${text}`);
      if (!picked.length) {
        const placeholder = b.add({
          key: `nomatch|${n.key}`,
          kind: 'hardwareSelector',
          name: text,
          namespace: n.namespace,
          role: NodeRole.SELECTOR,
          idHint: `NoMatch_${n.idHint}`,
          details: [],
          status: NodeStatus.WARNING,
          note: 'picks no hardware.csv machine',
          warning: `TinkerbellMachineConfig ${n.namespace}/${n.name}: hardwareSelector ${text} picks no machine of the hardware.csv`,
          homeNamespace: n.namespace,
        });
        b.edge(n.key, placeholder.key, EdgeKind.SELECTS_NOTHING, `hardwareSelector ${text}`, true);
      }
    }
  }
}
