// serverConfig.cni: none with nothing in the manifests that installs a CNI: the first server's
// Node stays NotReady, CAPRKE2 sets AgentHealthy from Node Ready
// (pkg/rke2/workload_cluster_conditions.go), and its preflight checks wait for every control-plane
// machine to be AgentHealthy before adding the next (controlplane/internal/controllers/scale.go
// preflightChecks): the control plane stops at one machine until someone installs a CNI by hand.
import { RuleContext, get } from './rule';
import { Finding, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { embeddedManifestsOf } from '../embedded-manifests';

/** Kinds that can install a CNI: a HelmChart or a DaemonSet shipped to the node, a ClusterResourceSet or an add-on HelmChartProxy of the set. */
const SHIPS_WORKLOADS = new Set(['HelmChart', 'DaemonSet']);
const SET_ADDONS = new Set(['ClusterResourceSet', 'HelmChartProxy']);

/** caprke2/cni-none on an RKE2ControlPlane with more than one replica. */
export function cniNoneRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  if (get(obj, 'spec', 'serverConfig', 'cni') !== 'none') return [];
  const replicas = get(obj, 'spec', 'replicas') ?? 1;
  if (typeof replicas !== 'number' || replicas <= 1) return [];
  if (ctx.objects.some(o => SET_ADDONS.has(String(o?.kind)) && String(o?.apiVersion).startsWith('addons.cluster.x-k8s.io/'))) return [];
  if (embeddedManifestsOf(obj, ctx.objects, ctx.texts).some(e => SHIPS_WORKLOADS.has(String(e.object.kind)))) return [];
  return [warning('caprke2/cni-none', 'spec.serverConfig.cni',
    `cni: none, and nothing in these manifests installs a CNI: the first server's Node stays NotReady, so CAPRKE2's preflight checks (AgentHealthy follows Node Ready) hold the control plane at 1 of ${replicas} machines until a CNI is installed by hand`,
    'ship the CNI with the control plane (a HelmChart in spec.files or the Butane config under /var/lib/rancher/rke2/server/manifests, or a ClusterResourceSet), or pick an RKE2 CNI (canal, calico, cilium)')];
}
