// A cluster whose only nodes are control-plane nodes, all tainted NoSchedule or NoExecute:
// nothing without a matching toleration can run. That includes RKE2's own packaged charts that
// are not bootstrap charts (rke2-runtimeclasses always, rke2-metrics-server, rke2-ingress-nginx
// and the snapshot controller unless disabled): helm-controller gives their install jobs no
// tolerations (pkg/controllers/chart/chart.go job: only bootstrap charts tolerate the
// control-plane taints), so those jobs stay Pending for good.
import { RuleContext, get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { enabledNonBootstrapCharts } from '../rke2-packaged';

/** `key[=value]:Effect` taints of a server config that keep pods off the node. */
function blockingTaints(spec: any): Array<{ taint: string; field: string }> {
  const out: Array<{ taint: string; field: string }> = [];
  const blocks = (t: string) => /:(NoSchedule|NoExecute)$/.test(t.trim());
  const taints = get(spec, 'agentConfig', 'nodeTaints');
  if (Array.isArray(taints)) {
    taints.forEach((t, i) => { if (typeof t === 'string' && blocks(t)) out.push({ taint: t.trim(), field: `spec.agentConfig.nodeTaints[${i}]` }); });
  }
  const args = get(spec, 'agentConfig', 'kubelet', 'extraArgs');
  if (Array.isArray(args)) {
    args.forEach((a, i) => {
      const m = typeof a === 'string' ? /^-{0,2}register-with-taints=(.*)$/.exec(a.trim()) : null;
      for (const t of m ? m[1].split(',') : []) if (blocks(t)) out.push({ taint: t.trim(), field: `spec.agentConfig.kubelet.extraArgs[${i}]` });
    });
  }
  return out;
}

const WORKER_KINDS = new Set(['MachineDeployment', 'MachineSet', 'MachinePool']);

/** Whether a worker object of the cluster can give it a node (replicas absent count as the default 1). */
function runsWorkers(o: KubeObject, cluster: string, ns: string): boolean {
  if ((o.metadata?.namespace ?? 'default') !== ns || get(o, 'spec', 'clusterName') !== cluster) return false;
  if (WORKER_KINDS.has(String(o.kind)) && o.apiVersion?.startsWith('cluster.x-k8s.io/')) return get(o, 'spec', 'replicas') !== 0;
  // A Machine of the cluster that is not a control-plane machine.
  return o.kind === 'Machine' && o.apiVersion?.startsWith('cluster.x-k8s.io/') === true
    && get(o, 'metadata', 'labels', 'cluster.x-k8s.io/control-plane') === undefined;
}

/** rke2/no-schedulable-node on an RKE2ControlPlane whose Cluster is in the set. */
export function noSchedulableNodeRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const spec = obj.spec;
  const taints = blockingTaints(spec);
  if (!taints.length) return [];
  const ns = obj.metadata?.namespace ?? 'default';
  const cluster = ctx.objects.find(o => o?.kind === 'Cluster' && o.apiVersion?.startsWith('cluster.x-k8s.io/') && (o.metadata?.namespace ?? 'default') === ns
    && get(o, 'spec', 'controlPlaneRef', 'kind') === 'RKE2ControlPlane' && get(o, 'spec', 'controlPlaneRef', 'name') === obj.metadata?.name);
  // Without its Cluster the workers may be anywhere; a topology's workers come from its class.
  if (!cluster || get(cluster, 'spec', 'topology') !== undefined) return [];
  const name = String(cluster.metadata?.name);
  if (ctx.objects.some(o => o && runsWorkers(o, name, ns))) return [];
  const charts = enabledNonBootstrapCharts(spec);
  const { taint, field } = taints[0];
  return [error('rke2/no-schedulable-node', field,
    `every node of cluster ${name} is a control-plane node tainted ${taint}, and the manifests give it no workers: pods without a matching toleration never schedule, `
    + `so RKE2's ${charts.join(', ')} install jobs (which tolerate no taint) stay Pending, and so does every workload`,
    'add a MachineDeployment of untainted workers for the cluster, or drop the taint (RKE2 servers run workloads unless tainted)')];
}
