// The upgrade's validation phase (001: "Performing setup and validations"): every check that
// decides whether the upgrade may start, named the way eksctl names its list, each ✅ or ❌.
// A failed check stops the run before anything is touched. Pure: the caller passes the old
// objects (manifests or live objects), the new ones, and — checking live — hosts and readiness.
import { readinessOf } from './readiness/rules';
import { ReadinessStatus } from './readiness/types';
import { Rollout, RolloutKind, isControlPlane, isMachineDeployment, rolloutsOf } from './upgrade-rollouts';
import { Finding, Severity, error, warning } from '../core/finding';
import { groupOf, isKind } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { effectiveNamespace, objectKey } from '../core/object-key';
import { describeRef } from '../core/object-ref';
import { spareHostsNeeded } from '../core/rollout';
import { selectorMatches } from '../core/selectors';
import { runPreflights } from '../validate/eksa/preflights';
import { upgradeRules } from '../validate/upgrade';

export interface PreflightItem {
  /** The object the finding is about (from the new set, or live). */
  readonly object?: KubeObject;
  readonly finding: Finding;
  /** `file:line` of the finding, when the caller knows it. @default - from the Locate function, if any */
  readonly at?: string;
}

export interface UpgradePreflight {
  /** eksctl-style name, e.g. `Validate immutable fields`. */
  readonly name: string;
  readonly passed: boolean;
  readonly items: readonly PreflightItem[];
}

export interface UpgradePreflightInput {
  /** The objects as they are: the old manifests, or the live objects. */
  readonly old: readonly KubeObject[];
  /** The objects as they will be (manifests, or the server's dry-run results). */
  readonly new: readonly KubeObject[];
  /** Live BareMetalHosts with status (checking against the cluster). @default - the declared hosts of the new set are counted */
  readonly liveHosts?: readonly KubeObject[];
  /** Live Cluster / control plane / MachineDeployment objects, for the readiness checks. @default - readiness not checked */
  readonly live?: readonly KubeObject[];
}

export const CHECK_CP_VERSION = 'Control plane Kubernetes version increment';
export const CHECK_WORKER_SKEW = 'Worker Kubernetes version skew';
export const CHECK_IMMUTABLE = 'Validate immutable fields';
export const CHECK_TEMPLATES = 'Machine templates renamed on content change';
export const CHECK_HOSTS = 'Hosts available for rolling updates';
export const CHECK_CP_READY = 'Control plane ready';
export const CHECK_WORKERS_READY = 'Worker nodes ready';
export const CHECK_CLUSTER = 'Cluster available';

const nsOf = (o: KubeObject) => effectiveNamespace({ kind: o.kind, namespace: o.metadata?.namespace });
const describe = (o: KubeObject) => describeRef({ kind: o.kind ?? '', namespace: nsOf(o), name: o.metadata?.name ?? '' });

function result(name: string, items: PreflightItem[]): UpgradePreflight {
  return { name, passed: !items.some(i => i.finding.severity === Severity.ERROR), items };
}

/** A host a surge machine could take now: available, unclaimed, healthy, not paused or deleting. */
export function spareHostProblem(h: KubeObject): string | undefined {
  const st = h.status ?? {};
  if (h.spec?.consumerRef) return `consumed by ${h.spec.consumerRef.kind} ${h.spec.consumerRef.name}`;
  if (h.metadata?.deletionTimestamp) return 'being deleted';
  if (st.operationalStatus === 'error' || st.errorType) return `in error (${st.errorType || 'error'})`;
  const ann = h.metadata?.annotations ?? {};
  if ('baremetalhost.metal3.io/paused' in ann) return 'paused';
  if ('capi.metal3.io/unhealthy' in ann) return 'marked unhealthy';
  const state = st.provisioning?.state ?? '';
  if (state !== 'available' && state !== 'ready') return state ? state : 'not yet registered';
  return undefined;
}

function selectorText(sel: any): string {
  const parts = [
    ...Object.entries(sel?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`),
    ...(sel?.matchExpressions ?? []).map((e: any) => `${e.key} ${e.operator} (${(e.values ?? []).join(',')})`),
  ];
  return parts.length ? `{${parts.join(', ')}}` : 'any labels';
}

function hostChecks(rollouts: readonly Rollout[], input: UpgradePreflightInput): PreflightItem[] {
  const items: PreflightItem[] = [];
  const all = [...input.new, ...input.old];
  for (const r of rollouts) {
    const o = r.object;
    if (r.kind === RolloutKind.CONTROL_PLANE && r.maxSurge === 0 && r.replicas === 1) {
      items.push({
        object: o,
        finding: warning('upgrade/hosts', r.surgeField, 'one control-plane replica with maxSurge 0: the API server is down while its only machine is replaced',
          'add a spare host and set maxSurge 1, or run three control-plane replicas'),
      });
    }
    if (r.replicas === 0 || r.maxSurge === 0 || r.templateRef?.kind !== 'Metal3MachineTemplate') continue;
    const tmpl = all.find(t => t.kind === 'Metal3MachineTemplate' && t.metadata?.name === r.templateRef!.name && nsOf(t) === nsOf(o));
    if (!tmpl) continue; // a missing template is reported by validate/apply, not here
    const sel = tmpl.spec?.template?.spec?.hostSelector;
    const need = spareHostsNeeded(r.strategy);
    const declared = input.new.filter(h => h.kind === 'BareMetalHost' && nsOf(h) === nsOf(o) && selectorMatches(sel, h.metadata?.labels ?? {}));
    const what = `${describe(o)} rolls out with maxSurge ${r.maxSurge}`;
    const fix = `enroll ${need === 1 ? 'a spare host' : `${need} spare hosts`} labelled ${selectorText(sel)}, or set ${r.surgeField} to 0 so each old machine is removed (and its host reused) before its replacement is created`;
    if (input.liveHosts) {
      const live = input.liveHosts.filter(h => nsOf(h) === nsOf(o) && selectorMatches(sel, h.metadata?.labels ?? {}));
      const liveNames = new Set(live.map(h => h.metadata?.name));
      const spare = live.filter(h => !spareHostProblem(h));
      const coming = declared.filter(h => !liveNames.has(h.metadata?.name));
      if (spare.length + coming.length < need) {
        const why = live.map(h => `${h.metadata?.name}: ${spareHostProblem(h)}`).join('; ') || 'none matches';
        items.push({
          object: o,
          finding: error('upgrade/hosts', r.surgeField,
            `${what}: it needs ${need} available BareMetalHost(s) matching ${selectorText(sel)} beyond the ones in use, found ${spare.length + coming.length} (${why})`, fix),
        });
      }
    } else if (declared.length < r.replicas + need) {
      items.push({
        object: o,
        finding: error('upgrade/hosts', r.surgeField,
          `${what}: ${r.replicas} replicas plus ${need} surge need ${r.replicas + need} BareMetalHosts matching ${selectorText(sel)}, the manifests declare ${declared.length}`, fix),
      });
    }
  }
  return items;
}

function readinessChecks(rollouts: readonly Rollout[], live: readonly KubeObject[]): UpgradePreflight[] {
  const liveOf = (o: KubeObject) => live.find(l => objectKey(l) === objectKey(o));
  const notReady = (objs: KubeObject[], what: string): PreflightItem[] => objs.flatMap(o => {
    const l = liveOf(o);
    if (!l) return [];
    const r = readinessOf(l);
    return r.status === ReadinessStatus.CURRENT ? [] : [{
      object: o,
      finding: error('upgrade/readiness', 'status', `${what} is not ready: ${r.message}`, 'bring it back to ready (or finish the rollout in progress) before starting a new one'),
    }];
  });
  // Only objects whose rollout this run starts must be ready: a rollout a previous run started is resumed.
  const cps = rollouts.filter(r => r.kind === RolloutKind.CONTROL_PLANE).map(r => r.object);
  const mds = rollouts.filter(r => r.kind === RolloutKind.WORKERS).map(r => r.object);
  const out = [result(CHECK_CP_READY, notReady(cps, 'the control plane')), result(CHECK_WORKERS_READY, notReady(mds, 'the MachineDeployment'))];
  if (rollouts.length) {
    const clusters = live.filter(l => isKind(l, 'cluster.x-k8s.io', 'Cluster'));
    const items: PreflightItem[] = clusters.flatMap(c => {
      const r = readinessOf(c);
      return r.status === ReadinessStatus.CURRENT ? [] : [{ object: c, finding: error('upgrade/readiness', 'status.conditions', `Cluster ${c.metadata?.name} is not available: ${r.message}`, 'an upgrade starts from a serving cluster') }];
    });
    out.push(result(CHECK_CLUSTER, items));
  }
  return out;
}

function eksaChecks(input: UpgradePreflightInput): UpgradePreflight[] {
  const isEksaCluster = (o: KubeObject) => isKind(o, 'anywhere.eks.amazonaws.com', 'Cluster');
  // A new EKS-A cluster is a create, checked by `validate`; only upgrades of existing ones here.
  if (!input.new.some(isEksaCluster) || !input.old.some(isEksaCluster)) return [];
  const eksa = (set: readonly KubeObject[]) => set.filter(o => groupOf(o) === 'anywhere.eks.amazonaws.com');
  return runPreflights(eksa(input.new), { mode: 'upgrade', old: eksa(input.old), schema: false }).map(r => ({
    name: r.name,
    passed: r.passed,
    items: r.findings.map(f => ({
      object: input.new.find(o => o.kind === f.kind && o.metadata?.name === f.name && groupOf(o) === 'anywhere.eks.amazonaws.com'),
      finding: { severity: f.severity, rule: f.rule, field: f.field, message: f.message, hint: f.hint },
    })),
  }));
}

/** The upgrade preflights, in the order they are printed. */
export function upgradePreflights(input: UpgradePreflightInput): UpgradePreflight[] {
  const pairs = upgradeRules(input.old, input.new);
  const pick = (rules: string[], onlyKind?: (o: KubeObject) => boolean): PreflightItem[] =>
    pairs.filter(p => rules.includes(p.finding.rule) && (!onlyKind || onlyKind(p.object))).map(p => ({ object: p.object, finding: p.finding }));
  const rollouts = rolloutsOf(input.old, input.new);
  const out: UpgradePreflight[] = [];
  const hasOld = (pred: (o: KubeObject) => boolean) => input.new.some(pred) && input.old.some(pred);
  if (hasOld(isControlPlane)) out.push(result(CHECK_CP_VERSION, pick(['upgrade/version'], isControlPlane)));
  if (input.new.some(isMachineDeployment)) out.push(result(CHECK_WORKER_SKEW, pick(['upgrade/skew', 'upgrade/version'], isMachineDeployment)));
  out.push(result(CHECK_IMMUTABLE, pick(['upgrade/immutable'])));
  if (input.new.some(o => /Template$/.test(o.kind ?? ''))) out.push(result(CHECK_TEMPLATES, pick(['upgrade/template-rotation'])));
  if (rollouts.length) out.push(result(CHECK_HOSTS, hostChecks(rollouts, input)));
  if (input.live) out.push(...readinessChecks(rollouts, input.live));
  out.push(...eksaChecks(input));
  return out;
}

/** Where a finding points: `file:line` when known. */
export type Locate = (object: KubeObject | undefined, field: string) => string | undefined;

/** eksctl's list: `✅ name` per passing check, `❌ name` with one indented line per error, warnings. */
export function formatUpgradePreflights(results: readonly UpgradePreflight[], locate: Locate = () => undefined): string {
  const lines = ['Performing setup and validations'];
  const line = (i: PreflightItem) => {
    const where = i.at ?? locate(i.object, i.finding.field);
    const obj = i.object ? `${i.object.kind}/${i.object.metadata?.name} ` : '';
    return `${where ? `${where} ` : ''}${obj}${i.finding.field ? `${i.finding.field}: ` : ''}${i.finding.message}${i.finding.hint ? ` (${i.finding.hint})` : ''}`;
  };
  for (const r of results) {
    lines.push(`${r.passed ? '✅' : '❌'} ${r.name}`);
    for (const i of r.items) lines.push(`   ${i.finding.severity === Severity.ERROR ? '' : 'warning: '}${line(i)}`);
  }
  lines.push(results.every(r => r.passed) ? '✅ Upgrade preflight validations pass' : '❌ Upgrade preflight validations failed: nothing was changed');
  return `${lines.join('\n')}\n`;
}

export function preflightsPassed(results: readonly UpgradePreflight[]): boolean {
  return results.every(r => r.passed);
}
