// `plan <fleet dir> --live` and `upgrade <fleet dir>`: every cluster folder of a synth output
// directory, read and validated, planned against the live cluster (nothing touched) and laid
// out in waves; the upgrade then runs the fleet runner with one Upgrader per cluster and ends
// with the per-cluster table (or JSON). Exit 0 all upgraded, 1 blocked/failed/budget exceeded.
import { join, resolve } from 'node:path';
import { EnvFileFlags, envFileArgs, substituteOrFail, variablesFor } from './env-file-flag';
import { fleetArgs } from './fleet-flags';
import { CliIo } from './io';
import { KubeFlags, connect, rerunCommand } from './kube-flags';
import { loadForCluster, objectsOf } from './load';
import { manifestCheck } from './manifest-check';
import { WaitFlags, concurrencyFrom, timeoutsFrom, waitArgs } from './wait-flags';
import { KubeClient } from '../apply/engine/kube-client';
import { ClusterPlan, PlanStatus, firstFailure, planCluster } from '../apply/fleet/cluster-plan';
import { Fleet, FleetCluster, discoverFleet } from '../apply/fleet/discover';
import { FleetJournal } from '../apply/fleet/fleet-journal';
import { fleetReportJson, fleetSucceeded, formatFleetPlan, formatFleetReport } from '../apply/fleet/report';
import { ClusterResult, FleetEvent, FleetMember, FleetRunner } from '../apply/fleet/runner';
import { FleetFlags, FleetSettings, describeSettings, formatMs, resolveSettings } from '../apply/fleet/settings';
import { readinessOf } from '../apply/readiness/rules';
import { ReadinessStatus } from '../apply/readiness/types';
import { Redactor } from '../apply/redact';
import { PreflightError, Upgrader } from '../apply/upgrader';
import { RealClock } from '../core/clock';
import { CdkCapiError, ExitCode, InvalidInputError, UsageError } from '../core/errors';
import { RolloutSettingError, Wave, failuresAllowed, labelMatcher, layoutWaves, orderClusters } from '../core/fleet-waves';
import { isKind } from '../core/gvk';
import { contentHash } from '../core/hash';
import { KubeObject } from '../core/kube-object';
import { refOf } from '../core/object-ref';

/** One cluster folder, read: its manifests (as written, and substituted) and their validation. */
interface Prepared {
  readonly cluster: FleetCluster;
  readonly objects: KubeObject[];
  readonly substituted: KubeObject[];
  readonly redact: Redactor;
  readonly target: string;
  readonly check?: ReturnType<typeof manifestCheck>;
}

interface Planned extends Prepared {
  readonly plan: ClusterPlan;
}

/** Reads every cluster folder; a YAML problem or an unset variable ends the command before the cluster is contacted. */
function prepare(fleet: Fleet, flags: Partial<EnvFileFlags>, io: CliIo, validate: boolean): Prepared[] {
  const variables = variablesFor({ envFile: flags.envFile ?? [] }, io);
  return fleet.clusters.map(cluster => {
    const input = loadForCluster([cluster.dir], io);
    const objects = objectsOf(input);
    const s = substituteOrFail(objects, variables);
    return {
      cluster,
      objects,
      substituted: s.objects,
      redact: s.redact,
      // What the manifests say (not the substituted values): a new target starts the cluster over.
      target: contentHash(objects, 16),
      check: validate ? manifestCheck(input, s.objects) : undefined,
    };
  });
}

const redactAll = (ps: readonly Prepared[]): Redactor => t => ps.reduce((x, p) => p.redact(x), t);

async function planAll(kube: KubeClient, prepared: readonly Prepared[]): Promise<Planned[]> {
  const out: Planned[] = [];
  // One cluster after the other: the dry runs are many small requests, and the order is the report's.
  for (const p of prepared) out.push({ ...p, plan: await planCluster(kube, p.substituted, p.check ? [p.check] : []) });
  return out;
}

/** The waves of the fleet (known before the cluster is contacted); a layout the sizes cannot make is the flag's or the file's error. */
function layout<T extends { cluster: FleetCluster }>(items: readonly T[], settings: FleetSettings, flags: FleetFlags, fleet: Fleet): Wave<T>[] {
  try {
    return layoutOf(items, settings);
  } catch (e) {
    if (!(e instanceof RolloutSettingError)) throw e;
    if (flags.waves !== undefined) throw new UsageError(`--waves: ${e.message}`);
    throw new InvalidInputError(`${fleet.rolloutFile ?? 'rollout.json'}: rollout.waves: ${e.message}`);
  }
}

function layoutOf<T extends { cluster: FleetCluster }>(items: readonly T[], settings: FleetSettings): Wave<T>[] {
  const withLabels = items.map(i => ({ ...i, name: i.cluster.name, labels: i.cluster.labels }));
  const ordered = orderClusters(withLabels, { orderBy: settings.orderBy, canaryLabel: settings.canaryLabel });
  const pinned = settings.canaryLabel ? withLabels.filter(i => labelMatcher(settings.canaryLabel!)(i.labels)).length : 0;
  const byName = new Map(items.map(i => [i.cluster.name, i]));
  return layoutWaves(ordered, settings.waves, pinned).map(w => ({ number: w.number, clusters: w.clusters.map(c => byName.get(c.name)!) }));
}

/** The layout's waves with each cluster's plan. */
function withPlans(waves: ReadonlyArray<Wave<Prepared>>, planned: readonly Planned[]): Wave<Planned>[] {
  return waves.map(w => ({ number: w.number, clusters: w.clusters.map(c => planned.find(p => p.cluster.name === c.cluster.name)!) }));
}

function planText(planned: readonly Planned[], waves: ReadonlyArray<Wave<Planned>>, settings: FleetSettings, upgrade = false): string {
  const named = waves.map(w => ({ number: w.number, clusters: w.clusters.map(c => ({ name: c.cluster.name })) }));
  const allowedFailures = failuresAllowed(settings.budget, planned.length);
  const settingsText = describeSettings(settings, allowedFailures);
  return formatFleetPlan(planned.map(p => ({ name: p.cluster.name, plan: p.plan })), named, settingsText, upgrade ? { allowedFailures } : undefined);
}

function settingsOf(fleet: Fleet, flags: FleetFlags): FleetSettings {
  return resolveSettings(flags, { rollout: fleet.rollout, path: fleet.rolloutFile });
}

function planJson(planned: readonly Planned[], waves: ReadonlyArray<Wave<Planned>>): object {
  return {
    passed: planned.every(p => p.plan.status !== PlanStatus.BLOCKED),
    clusters: planned.map(p => ({
      name: p.cluster.name,
      from: p.plan.from,
      to: p.plan.to,
      status: p.plan.status,
      reason: p.plan.reason,
      changes: p.plan.changes,
      preflights: p.plan.preflights.map(x => ({
        name: x.name,
        passed: x.passed,
        findings: x.items.map(i => ({ ...i.finding, kind: i.object?.kind, name: i.object?.metadata?.name })),
      })),
    })),
    waves: waves.map(w => ({ number: w.number, clusters: w.clusters.map(c => c.cluster.name) })),
  };
}

/** `plan <fleet dir> --live`: every cluster's preflights and the wave layout; exit 1 when one is blocked. */
export async function runFleetPlan(dir: string, flags: KubeFlags & Partial<EnvFileFlags> & FleetFlags & { output: string }, io: CliIo,
  setExit: (c: ExitCode) => void): Promise<void> {
  resolveSettings(flags);
  const fleet = discoverFleet(dir);
  const settings = settingsOf(fleet, flags);
  const prepared = prepare(fleet, flags, io, true);
  const redact = redactAll(prepared);
  const layoutNames = layout(prepared, settings, flags, fleet);
  const kube = await connect(flags, io);
  const planned = await planAll(kube, prepared);
  const waves = withPlans(layoutNames, planned);
  if (flags.output === 'json') io.out(redact(`${JSON.stringify(planJson(planned, waves), null, 2)}\n`));
  else io.out(redact(planText(planned, waves, settings)));
  setExit(planned.some(p => p.plan.status === PlanStatus.BLOCKED) ? ExitCode.INVALID : ExitCode.OK);
}

export interface FleetUpgradeFlags extends KubeFlags, EnvFileFlags, WaitFlags, FleetFlags {
  output: string;
  journal?: string;
  concurrency: string;
  validate: boolean;
}

/** The reason of a failed cluster upgrade, one line. */
function reasonOf(e: unknown): string {
  if (e instanceof PreflightError) return `preflight: ${firstFailure(e.results) ?? 'failed'}`;
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
}

/** Whether the cluster's Cluster (CAPI, else EKS Anywhere) is Available now. */
async function available(kube: KubeClient, objects: readonly KubeObject[]): Promise<{ available: boolean; reason?: string }> {
  const c = objects.find(o => isKind(o, 'cluster.x-k8s.io', 'Cluster'))
    ?? objects.find(o => isKind(o, 'anywhere.eks.amazonaws.com', 'Cluster'));
  if (!c) return { available: true };
  const ref = refOf(c.metadata?.namespace ? c : { ...c, metadata: { ...c.metadata, namespace: kube.defaultNamespace } });
  const r = readinessOf(await kube.get(ref));
  return r.status === ReadinessStatus.CURRENT ? { available: true } : { available: false, reason: r.message };
}

function eventLine(e: FleetEvent): string | undefined {
  switch (e.type) {
    case 'wave': return `Wave ${e.wave}/${e.of}: ${e.clusters.join(', ')}`;
    case 'cluster-start': return `   ${e.name}: upgrading${e.from || e.to ? ` ${e.from ?? '(new)'} → ${e.to ?? '?'}` : ''}`;
    case 'cluster-done':
      if (e.result === ClusterResult.FAILED) return `   ❌ ${e.name}: failed${e.ms !== undefined ? ` after ${formatMs(e.ms)}` : ''}: ${e.reason}`;
      return `   ✅ ${e.name}: ${e.result}${e.ms !== undefined ? ` in ${formatMs(e.ms)}` : ''}`;
    case 'soak': return `   Soaking wave ${e.wave} for ${formatMs(e.ms)} (its clusters must stay Available)`;
    case 'budget-exceeded': return `❌ Failure budget exceeded: ${e.failures} failed, ${e.allowed} allowed; nothing new starts (clusters already upgrading finish)`;
  }
  return undefined;
}

/** `upgrade <fleet dir>`: plan every cluster, then the waves; the table (or JSON) at the end. */
export async function runFleetUpgrade(dir: string, flags: FleetUpgradeFlags, io: CliIo, setExit: (c: ExitCode) => void): Promise<void> {
  // Flags first: a usage error exits 2 before a file is read or the cluster contacted.
  resolveSettings(flags);
  const concurrency = concurrencyFrom(flags.concurrency);
  const timeouts = timeoutsFrom(flags);
  const fleet = discoverFleet(dir);
  const settings = settingsOf(fleet, flags);
  const prepared = prepare(fleet, flags, io, flags.validate);
  const redact = redactAll(prepared);
  const layoutNames = layout(prepared, settings, flags, fleet);
  const json = flags.output === 'json';
  const say = (t: string) => {
    if (!json) io.out(redact(t));
  };
  const journalPath = flags.journal ?? join(resolve('.'), '.cdk8s-capi', 'fleet-journal.json');
  const journal = new FleetJournal(journalPath, resolve(dir));
  const kube = await connect(flags, io);
  const planned = await planAll(kube, prepared);
  const waves = withPlans(layoutNames, planned);
  const allowed = failuresAllowed(settings.budget, planned.length);
  say(planText(planned, waves, settings, true));
  const variables = variablesFor(flags, io);
  const resumeCommand = rerunCommand('upgrade', [dir], flags, [...envFileArgs(flags), ...fleetArgs(flags), ...waitArgs(flags)]);
  let fatal: CdkCapiError | undefined;
  const byName = new Map(planned.map(p => [p.cluster.name, p]));
  const members: Array<Wave<FleetMember>> = waves.map(w => ({
    number: w.number,
    clusters: w.clusters.map(p => ({ name: p.cluster.name, target: p.target, plan: p.plan })),
  }));
  // Ctrl-C: nothing new starts and the upgrades in flight stop where they are (each resumable).
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  const runner = new FleetRunner({
    signal: abort.signal,
    waves: members,
    maxParallel: settings.maxParallel,
    soakMs: settings.soakMs,
    allowedFailures: allowed,
    journal,
    clock: io.clock ?? new RealClock({ keepAlive: true }),
    reasonOf: e => redact(reasonOf(e)),
    onEvent: e => {
      const line = eventLine(e);
      if (line) say(`${line}\n`);
    },
    available: m => available(kube, byName.get(m.name)!.substituted),
    upgrade: async m => {
      const p = byName.get(m.name)!;
      try {
        const r = await new Upgrader(kube, {
          clock: io.clock,
          variables,
          timeouts,
          concurrency,
          signal: abort.signal,
          // Each cluster its own pause bookkeeping: clusters upgrade side by side.
          journalPath: join(resolve(journalPath, '..'), 'fleet-pauses', `${m.name}.json`),
          resumeCommand,
          statusCommand: rerunCommand('status', [p.cluster.dir], { ...flags, journal: undefined }),
        }).upgrade(p.objects);
        return { applied: r.applied };
      } catch (e) {
        // Unreachable cluster, unwritable journal: the whole run ends with that (exit 2) once it stops.
        if (e instanceof CdkCapiError && e.exitCode === ExitCode.USAGE) fatal ??= e;
        throw e;
      }
    },
  });
  let report;
  try {
    report = await runner.run();
  } finally {
    process.off('SIGINT', onSigint);
  }
  if (json) {io.out(redact(`${JSON.stringify(fleetReportJson(report), null, 2)}\n`));} else {
    io.out(redact(`\n${formatFleetReport(report)}`));
    if (!fleetSucceeded(report)) io.out(redact(`Next:\n  ${resumeCommand}   # resumes where it stopped: upgraded clusters are checked, not redone\n`));
  }
  if (fatal) {
    fatal.reported = false;
    throw fatal;
  }
  setExit(fleetSucceeded(report) ? ExitCode.OK : ExitCode.INVALID);
}
