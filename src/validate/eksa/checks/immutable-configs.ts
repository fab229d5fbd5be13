// Fields of the objects a Cluster references that an update may not change (aws/eks-anywhere
// v0.26.1 webhooks: tinkerbelldatacenterconfig_webhook.go, tinkerbellmachineconfig_webhook.go,
// vspheredatacenterconfig_webhook.go, vspheremachineconfig_webhook.go, gitopsconfig_webhook.go,
// fluxconfig_webhook.go, oidcconfig_webhook.go, awsiamconfig_webhook.go; and eksctl's
// pkg/providers/tinkerbell/upgrade.go ValidateNewSpec). Each object is compared with the object of
// the same kind and name in the previous config.
import { Finding, error, warning } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import {
  AWSIamConfigKind, EksaSpec, FluxConfigKind, GitOpsConfigKind, OIDCConfigKind, PreflightFinding, TinkerbellDatacenterKind, TinkerbellMachineKind,
  VSphereDatacenterKind, VSphereMachineKind, about, findByKindName, nameOf, refOf,
} from '../eksa-spec';
import { PreflightCheck, PreflightMode, str } from './check';
import { same } from './immutable-fields';
import { datacenterOf, distinctMachines, roleMachines } from './provider-objects';

const PAUSED = 'anywhere.eks.amazonaws.com/paused';
const MANAGED_BY_CLI = 'anywhere.eks.amazonaws.com/managed-by-cli';
const MANAGED_BY = 'anywhere.eks.amazonaws.com/managed-by';

const annotation = (o: KubeObject, k: string): string | undefined => o.metadata?.annotations?.[k];
const immutable = (field: string, was: unknown, hint?: string): Finding =>
  error('eksa/immutable-config', field, 'field is immutable', hint ?? `was ${JSON.stringify(was) ?? 'unset'}`);

function tinkerbellDatacenter(n: KubeObject, o: KubeObject, versionChanged: boolean): Finding[] {
  const out: Finding[] = [];
  const ns = n.spec ?? {};
  const os = o.spec ?? {};
  if (str(ns.tinkerbellIP) !== str(os.tinkerbellIP)) out.push(immutable('spec.tinkerbellIP', os.tinkerbellIP));
  const cli = annotation(n, MANAGED_BY_CLI) !== undefined;
  if (str(ns.hookImagesURLPath) !== str(os.hookImagesURLPath) && !cli) {
    // eksctl allows it with a Kubernetes version change (and applies with managed-by-cli); the webhook otherwise refuses it.
    out.push(versionChanged
      ? warning('eksa/immutable-config', 'spec.hookImagesURLPath', 'hookImagesURLPath changes only with eksctl (along with a Kubernetes version change): the webhook refuses it from kubectl or GitOps', `was ${JSON.stringify(os.hookImagesURLPath ?? '')}`)
      : immutable('spec.hookImagesURLPath', os.hookImagesURLPath));
  }
  if (Boolean(ns.skipLoadBalancerDeployment) !== Boolean(os.skipLoadBalancerDeployment) && !cli) {
    out.push(warning('eksa/immutable-config', 'spec.skipLoadBalancerDeployment', 'skipLoadBalancerDeployment changes only with eksctl: the webhook refuses it from kubectl or GitOps',
      `was ${JSON.stringify(os.skipLoadBalancerDeployment ?? false)}`));
  }
  return out;
}

function tinkerbellMachine(n: KubeObject, o: KubeObject): Finding[] {
  const out: Finding[] = [];
  const ns = n.spec ?? {};
  const os = o.spec ?? {};
  if (str(ns.osFamily) !== str(os.osFamily)) out.push(immutable('spec.osFamily', os.osFamily));
  const nu: any[] = Array.isArray(ns.users) ? ns.users : [];
  const ou: any[] = Array.isArray(os.users) ? os.users : [];
  if (nu.length !== ou.length) out.push(immutable('spec.users', ou.map(u => u?.name)));
  if (nu.length && ou.length) {
    if (str(nu[0]?.name) !== str(ou[0]?.name)) out.push(immutable('spec.users[0].name', ou[0]?.name));
    const nk: unknown[] = Array.isArray(nu[0]?.sshAuthorizedKeys) ? nu[0].sshAuthorizedKeys : [];
    const ok: unknown[] = Array.isArray(ou[0]?.sshAuthorizedKeys) ? ou[0].sshAuthorizedKeys : [];
    if (nk.length !== ok.length) out.push(immutable('spec.users[0].sshAuthorizedKeys', `${ok.length} keys`));
    else if (nk.length && nk[0] !== ok[0]) out.push(immutable('spec.users[0].sshAuthorizedKeys[0]', undefined, 'the first SSH key cannot change'));
  }
  return out;
}

function vsphereDatacenter(n: KubeObject, o: KubeObject): Finding[] {
  if (annotation(o, PAUSED) === 'true') return [];
  return ['server', 'datacenter', 'network'].filter(f => str(n.spec?.[f]) !== str(o.spec?.[f])).map(f => immutable(`spec.${f}`, o.spec?.[f]));
}

function vsphereMachine(n: KubeObject, o: KubeObject): Finding[] {
  if (annotation(o, PAUSED) === 'true') return [];
  // Compared after defaulting: an unset osFamily is bottlerocket.
  const os = (x: KubeObject) => str(x.spec?.osFamily) || 'bottlerocket';
  const out: Finding[] = [];
  if (os(n) !== os(o)) out.push(immutable('spec.osFamily', o.spec?.osFamily));
  if (str(n.spec?.storagePolicyName) !== str(o.spec?.storagePolicyName)) out.push(immutable('spec.storagePolicyName', o.spec?.storagePolicyName));
  return out;
}

function wholeSpec(n: KubeObject, o: KubeObject): Finding[] {
  if (n.kind === OIDCConfigKind && annotation(o, MANAGED_BY)) return []; // a workload cluster's OIDCConfig is not checked
  return same(n.spec, o.spec) ? [] : [error('eksa/immutable-config', 'spec', 'config is immutable', `${String(n.kind)} cannot change once created; create a new one and reference it`)];
}

/** The objects the Cluster references (datacenter, machine configs, GitOps and identity configs). */
function referenced(spec: EksaSpec): KubeObject[] {
  const out: KubeObject[] = [];
  const dc = datacenterOf(spec);
  if (dc) out.push(dc);
  out.push(...distinctMachines(roleMachines(spec)));
  const identity = Array.isArray(spec.cluster.spec?.identityProviderRefs) ? spec.cluster.spec.identityProviderRefs.map(refOf) : [];
  const refs = [refOf(spec.cluster.spec?.gitOpsRef), ...identity];
  for (const r of refs) {
    if (!r?.name) continue;
    const hit = findByKindName(spec.objects, r.kind, r.name)[0];
    if (hit) out.push(hit);
  }
  return out;
}

export const immutableConfigsCheck: PreflightCheck = {
  name: 'Validate immutable fields of the provider, GitOps and identity configs',
  applies: ({ mode, old }) => mode === PreflightMode.UPGRADE && old !== undefined,
  run: ({ spec, old }) => {
    const out: PreflightFinding[] = [];
    const versionChanged = str(spec.cluster.spec?.kubernetesVersion) !== str(old!.cluster.spec?.kubernetesVersion);
    for (const n of referenced(spec)) {
      const o = findByKindName(old!.objects, String(n.kind), nameOf(n))[0];
      if (!o) continue;
      let found: Finding[] = [];
      switch (n.kind) {
        case TinkerbellDatacenterKind: found = tinkerbellDatacenter(n, o, versionChanged); break;
        case TinkerbellMachineKind: found = tinkerbellMachine(n, o); break;
        case VSphereDatacenterKind: found = vsphereDatacenter(n, o); break;
        case VSphereMachineKind: found = vsphereMachine(n, o); break;
        case GitOpsConfigKind: case FluxConfigKind: case OIDCConfigKind: case AWSIamConfigKind: found = wholeSpec(n, o); break;
      }
      out.push(...about(n, found));
    }
    return out;
  },
};
