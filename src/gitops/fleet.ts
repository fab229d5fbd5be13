// Fleet: a fleet.yaml per directory — the cluster bundle dependsOn the hosts bundle (selected
// by labels). Fleet's readiness does not know BareMetalHost states; it orders, it does not
// wait for inspection (see README).
import { CLUSTER_DIR, CLUSTER_LABEL, GitOpsCluster, GitOpsFile, HOSTS_DIR, STAGE_LABEL } from './layout';

export function fleetFiles(clusters: readonly GitOpsCluster[]): GitOpsFile[] {
  const out: GitOpsFile[] = [];
  for (const c of clusters) {
    if (!c.hasHosts) {
      out.push({ path: `${c.name}/fleet.yaml`, objects: [{ defaultNamespace: c.namespace, labels: { [CLUSTER_LABEL]: c.name, [STAGE_LABEL]: 'cluster' } }] });
      continue;
    }
    out.push({ path: `${c.name}/${HOSTS_DIR}/fleet.yaml`, objects: [{ defaultNamespace: c.namespace, labels: { [CLUSTER_LABEL]: c.name, [STAGE_LABEL]: 'hosts' } }] });
    out.push({
      path: `${c.name}/${CLUSTER_DIR}/fleet.yaml`,
      objects: [{
        defaultNamespace: c.namespace,
        labels: { [CLUSTER_LABEL]: c.name, [STAGE_LABEL]: 'cluster' },
        dependsOn: [{ selector: { matchLabels: { [CLUSTER_LABEL]: c.name, [STAGE_LABEL]: 'hosts' } } }],
      }],
    });
  }
  return out;
}
