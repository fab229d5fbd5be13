// Rollout readiness (pure): a control plane or MachineDeployment is upgraded when its own
// readiness says so (ready == up-to-date == replicas, generation observed) AND its machines
// say so: every machine on the target version and Ready, no old or deleting machine left.
// The message counts machines, so any step of a rollout shows up as progress.
import { readinessOf } from './readiness/rules';
import { Readiness, ReadinessStatus, current, failed, inProgress } from './readiness/types';
import { isControlPlane } from './upgrade-rollouts';
import { KubeObject } from '../core/kube-object';

export const CONTROL_PLANE_NAME_LABEL = 'cluster.x-k8s.io/control-plane-name';
export const DEPLOYMENT_NAME_LABEL = 'cluster.x-k8s.io/deployment-name';

const isReady = (m: KubeObject) => (m.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True');

/** The machines a control plane or MachineDeployment owns (by the labels CAPI and its providers set). */
export function machinesOf(owner: KubeObject, machines: readonly KubeObject[]): KubeObject[] {
  const label = isControlPlane(owner) ? CONTROL_PLANE_NAME_LABEL : DEPLOYMENT_NAME_LABEL;
  const ns = owner.metadata?.namespace ?? 'default';
  return machines.filter(m => (m.metadata?.namespace ?? 'default') === ns && m.metadata?.labels?.[label] === owner.metadata?.name);
}

/** Version a machine runs (spec.version, as CAPI records it). */
const versionOf = (m: KubeObject): string => m.spec?.version ?? '?';

export interface RolloutSummary {
  readonly want: number;
  /** Live machines on the target version. */
  readonly onTarget: readonly KubeObject[];
  /** Live machines still on another version. */
  readonly old: readonly KubeObject[];
  readonly deleting: readonly KubeObject[];
  readonly ready: number;
}

export function summarize(owner: KubeObject, machines: readonly KubeObject[], targetVersion?: string): RolloutSummary {
  const mine = machinesOf(owner, machines);
  const live = mine.filter(m => !m.metadata?.deletionTimestamp);
  const onTarget = live.filter(m => !targetVersion || versionOf(m) === targetVersion);
  return {
    want: owner.spec?.replicas ?? 1,
    onTarget,
    old: live.filter(m => !onTarget.includes(m)),
    deleting: mine.filter(m => m.metadata?.deletionTimestamp),
    ready: live.filter(isReady).length,
  };
}

/** `2/3 machines on v1.35.0+rke2r1, 1 old left (cp-abc v1.34.2+rke2r1), 2 ready` */
export function describeSummary(s: RolloutSummary, targetVersion?: string): string {
  const parts = [`${s.onTarget.length}/${s.want} machines${targetVersion ? ` on ${targetVersion}` : ''}`];
  if (s.old.length) parts.push(`${s.old.length} old left (${s.old.map(m => `${m.metadata?.name} ${versionOf(m)}`).join(', ')})`);
  if (s.deleting.length) parts.push(`${s.deleting.length} being deleted`);
  parts.push(`${s.ready} ready`);
  return parts.join(', ');
}

/** Readiness of a rollout: the owner's own rule plus its machines. */
export function rolloutReadiness(owner: KubeObject | undefined, machines: readonly KubeObject[], targetVersion?: string): Readiness {
  if (!owner) return { status: ReadinessStatus.NOT_FOUND, message: 'not found' };
  const own = readinessOf(owner);
  const s = summarize(owner, machines, targetVersion);
  const message = `${describeSummary(s, targetVersion)}; ${own.message}`;
  if (own.status === ReadinessStatus.FAILED) return failed(message, own.reason);
  const notReady = s.onTarget.filter(m => !isReady(m));
  const settled = s.old.length === 0 && s.deleting.length === 0 && s.onTarget.length === s.want && notReady.length === 0;
  if (own.status === ReadinessStatus.CURRENT && settled) {
    return current(message, 'UpToDate');
  }
  return inProgress(message, own.reason);
}

/** Where a rollout stopped, in words for the failure summary. */
export function whereItStopped(owner: KubeObject, machines: readonly KubeObject[], targetVersion?: string): string {
  const s = summarize(owner, machines, targetVersion);
  const what = isControlPlane(owner) ? 'control plane' : `MachineDeployment ${owner.metadata?.name}`;
  const replaced = `${s.onTarget.filter(isReady).length} of ${s.want} machine(s) replaced and ready`;
  const serving = s.old.filter(isReady);
  const stuck = s.onTarget.filter(m => !isReady(m));
  return `the ${what} rollout stopped with ${replaced}` +
    (stuck.length ? `; not ready: ${stuck.map(m => m.metadata?.name).join(', ')}` : '') +
    (serving.length ? `; still serving on ${serving.length} old machine(s): ${serving.map(m => `${m.metadata?.name} (${versionOf(m)})`).join(', ')}` : '');
}
