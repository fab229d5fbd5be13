// The fleet's outcome as people and programs read it: a table (cluster, from → to, wave,
// duration, result, reason) with a summary line, or one JSON document. Deterministic: the
// rollout order, times from the run's clock.
import { ClusterPlan, PlanStatus } from './cluster-plan';
import { ClusterResult, FleetReport } from './runner';
import { formatMs } from './settings';
import { Wave } from '../../core/fleet-waves';
import { textWidth } from '../text-width';

/** Left-aligned columns, two spaces apart (the last column is not padded). */
export function table(rows: ReadonlyArray<readonly string[]>): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map(r => textWidth(r[i] ?? ''))));
  return rows.map(r => r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i] - textWidth(c)))).join('  ').trimEnd()).join('\n');
}

const OK_RESULTS = new Set([ClusterResult.UPGRADED, ClusterResult.ALREADY_UPGRADED, ClusterResult.UP_TO_DATE]);

/** Every cluster upgraded (or already there). */
export function fleetSucceeded(r: FleetReport): boolean {
  return r.clusters.every(c => OK_RESULTS.has(c.result));
}

export function formatFleetReport(r: FleetReport): string {
  const rows = [['CLUSTER', 'FROM', 'TO', 'WAVE', 'DURATION', 'RESULT', 'REASON']];
  for (const c of r.clusters) {
    const ms = c.startedAt !== undefined && c.finishedAt !== undefined ? formatMs(c.finishedAt - c.startedAt) : '-';
    rows.push([c.name, c.from ?? '-', c.to ?? '-', String(c.wave), ms, c.result, c.reason ?? '']);
  }
  const counts = new Map<string, number>();
  for (const c of r.clusters) counts.set(c.result, (counts.get(c.result) ?? 0) + 1);
  const summary = [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
  const verdict = fleetSucceeded(r) ? '✅ Fleet upgraded'
    : r.interrupted ? '❌ Interrupted: the clusters upgrading were stopped where they were'
      : r.stopped
        ? `❌ Failure budget exceeded (${r.failures} failed, ${r.allowedFailures} allowed): the rollout stopped`
        : `❌ Fleet not fully upgraded (${r.failures} failed, ${r.allowedFailures} allowed)`;
  return `${table(rows)}\n${verdict}: ${summary}\n`;
}

export function fleetReportJson(r: FleetReport): object {
  const iso = (t?: number) => (t === undefined ? undefined : new Date(t).toISOString());
  return {
    passed: fleetSucceeded(r),
    stopped: r.stopped,
    interrupted: r.interrupted ?? false,
    failures: r.failures,
    allowedFailures: r.allowedFailures,
    waves: r.waves.map(w => ({
      number: w.number, clusters: w.clusters, startedAt: iso(w.startedAt), finishedAt: iso(w.finishedAt), soakEndedAt: iso(w.soakEndedAt),
    })),
    clusters: r.clusters.map(c => ({
      name: c.name,
      from: c.from,
      to: c.to,
      wave: c.wave,
      startedAt: iso(c.startedAt),
      finishedAt: iso(c.finishedAt),
      durationMs: c.startedAt !== undefined && c.finishedAt !== undefined ? c.finishedAt - c.startedAt : undefined,
      result: c.result,
      reason: c.reason,
    })),
  };
}

/** The fleet plan: one line per cluster (ready / blocked: why / up to date), then the waves. */
export function formatFleetPlan(clusters: ReadonlyArray<{ name: string; plan: ClusterPlan }>, waves: ReadonlyArray<Wave<{ name: string }>>,
  settings: string, upgrade?: { readonly allowedFailures: number }): string {
  const rows = clusters.map(c => {
    const versions = c.plan.from === c.plan.to || !c.plan.to ? c.plan.from ?? '-' : `${c.plan.from ?? '(new)'} → ${c.plan.to}`;
    const status = c.plan.status === PlanStatus.BLOCKED ? `❌ blocked: ${c.plan.reason}`
      : c.plan.status === PlanStatus.UP_TO_DATE ? '✅ up to date'
        : c.plan.from === c.plan.to ? `✅ on the target version (${c.plan.changes} to change)` : `✅ ready (${c.plan.changes} to change)`;
    return [c.name, versions, status];
  });
  const lines = [table(rows), '', `Waves (${settings}):`];
  for (const w of waves) lines.push(`  ${w.number}: ${w.clusters.map(c => c.name).join(', ')}`);
  const blocked = clusters.filter(c => c.plan.status === PlanStatus.BLOCKED).length;
  const n = `${clusters.length} cluster${clusters.length === 1 ? '' : 's'}`;
  if (!blocked) lines.push(`✅ All ${n} pass the upgrade preflights`);
  else if (upgrade && blocked <= upgrade.allowedFailures) lines.push(`❌ ${blocked} of ${n} blocked, within the failure budget (${upgrade.allowedFailures}): skipped, the others go ahead`);
  else if (upgrade) lines.push(`❌ ${blocked} of ${n} blocked, more than the failure budget (${upgrade.allowedFailures}): nothing was changed`);
  else lines.push(`❌ ${blocked} of ${n} blocked: nothing was changed`);
  return `${lines.join('\n')}\n`;
}
