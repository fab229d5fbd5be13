// One cluster of the fleet before anything is touched: its live objects against the server's
// dry run of the new manifests (as `plan --live`), the upgrade preflights, and what that
// means for the rollout — ready, blocked (the first failed check, as one line), or up to date.
import { Severity } from '../../core/finding';
import { isKind } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';
import { KubeClient } from '../engine/kube-client';
import { ChangeAction, diffSets } from '../upgrade-diff';
import { LiveView, keyOfObject, preflightInputOf, readLive, serverPreflights } from '../upgrade-live';
import { UpgradePreflight, preflightsPassed, upgradePreflights } from '../upgrade-preflights';
import { isControlPlane } from '../upgrade-rollouts';

export enum PlanStatus {
  READY = 'ready',
  BLOCKED = 'blocked',
  UP_TO_DATE = 'up to date',
}

export interface ClusterPlan {
  readonly status: PlanStatus;
  /** The first failed check, one line (blocked only). */
  readonly reason?: string;
  /** Kubernetes version now (live) and after. */
  readonly from?: string;
  readonly to?: string;
  /** Objects an apply would create or change. */
  readonly changes: number;
  readonly preflights: readonly UpgradePreflight[];
}

/**
 * The cluster's Kubernetes version in a set: the control plane's, else the EKS Anywhere
 * Cluster's. Live, the control plane's status.version (what its machines run: a rollout that
 * stopped half-way is still on the old version) wins over the spec.
 */
export function versionIn(objects: readonly KubeObject[], live = false): string | undefined {
  const cp = objects.find(isControlPlane);
  if (live && cp?.status?.version) return String(cp.status.version);
  if (cp?.spec?.version) return String(cp.spec.version);
  const eksa = objects.find(o => isKind(o, 'anywhere.eks.amazonaws.com', 'Cluster'));
  return eksa?.spec?.kubernetesVersion ? String(eksa.spec.kubernetesVersion) : undefined;
}

/** `Name: first error` of the first failed check. */
export function firstFailure(preflights: readonly UpgradePreflight[]): string | undefined {
  const p = preflights.find(x => !x.passed);
  if (!p) return undefined;
  const item = p.items.find(i => i.finding.severity === Severity.ERROR);
  if (!item) return p.name;
  const obj = item.object?.kind ? `${item.object.kind}/${item.object.metadata?.name} ` : '';
  return `${p.name}: ${obj}${item.finding.field ? `${item.finding.field}: ` : ''}${item.finding.message.split('\n')[0]}`;
}

/** Objects an apply of the view's set would create or change (the server's dry run against live). */
export function pendingChanges(view: LiveView): number {
  const after = view.objects.map(o => view.dryRun.get(keyOfObject(o)) ?? o);
  return diffSets([...view.live.values()], after).filter(c => c.action === ChangeAction.CREATE || c.action === ChangeAction.UPDATE).length;
}

/** Reads the cluster (changing nothing) and runs the preflights; `extra` (the manifests' own validation) comes first. */
export async function planCluster(kube: KubeClient, objects: readonly KubeObject[], extra: readonly UpgradePreflight[] = []): Promise<ClusterPlan> {
  const view = await readLive(kube, objects);
  const preflights = [...extra, ...serverPreflights(view), ...upgradePreflights(preflightInputOf(view))];
  const changes = pendingChanges(view);
  const from = versionIn([...view.live.values()], true);
  const to = versionIn(view.objects);
  if (!preflightsPassed(preflights)) return { status: PlanStatus.BLOCKED, reason: firstFailure(preflights), from, to, changes, preflights };
  return { status: changes ? PlanStatus.READY : PlanStatus.UP_TO_DATE, from, to, changes, preflights };
}
