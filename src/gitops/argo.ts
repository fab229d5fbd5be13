// Argo CD: sync waves on the objects (hosts 0, cluster objects 1) and resource health checks
// for the kinds Argo does not know, as an argocd-cm patch (Lua).
import { GitOpsFile } from './layout';

export const SYNC_WAVE_ANNOTATION = 'argocd.argoproj.io/sync-wave';

const BMH_HEALTH = `hs = {}
if obj.status ~= nil and obj.status.operationalStatus == "error" then
  hs.status = "Degraded"
  hs.message = (obj.status.errorType or "error") .. ": " .. (obj.status.errorMessage or "")
  return hs
end
local state = obj.status and obj.status.provisioning and obj.status.provisioning.state or ""
if state == "available" or state == "ready" or state == "provisioning" or state == "provisioned" or state == "externally provisioned" then
  hs.status = "Healthy"
else
  hs.status = "Progressing"
end
hs.message = state
return hs
`;

const CONDITION_HEALTH = (type: string) => `hs = { status = "Progressing", message = "waiting for ${type}" }
if obj.status ~= nil and obj.status.conditions ~= nil then
  for _, c in ipairs(obj.status.conditions) do
    if c.type == "${type}" then
      if c.status == "True" then hs.status = "Healthy" end
      hs.message = (c.reason or "") .. " " .. (c.message or "")
    end
  end
end
return hs
`;

export function argoFiles(): GitOpsFile[] {
  return [{
    path: 'argo/argocd-cm-health.yaml',
    objects: [{
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'argocd-cm', namespace: 'argocd', labels: { 'app.kubernetes.io/part-of': 'argocd' } },
      data: {
        'resource.customizations.health.metal3.io_BareMetalHost': BMH_HEALTH,
        'resource.customizations.health.cluster.x-k8s.io_Cluster': CONDITION_HEALTH('Available'),
        'resource.customizations.health.controlplane.cluster.x-k8s.io_RKE2ControlPlane': CONDITION_HEALTH('Available'),
        'resource.customizations.health.anywhere.eks.amazonaws.com_Cluster': CONDITION_HEALTH('Ready'),
      },
    }],
  }];
}

/** The object with its sync wave. */
export function withSyncWave<T extends { metadata?: { annotations?: Record<string, string> } }>(obj: T, wave: number): T {
  return { ...obj, metadata: { ...obj.metadata, annotations: { ...(obj.metadata?.annotations ?? {}), [SYNC_WAVE_ANNOTATION]: String(wave) } } };
}
