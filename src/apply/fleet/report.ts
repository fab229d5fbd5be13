// The fleet's outcome as people and programs read it: a table (cluster, from → to, wave,
// duration, result, reason) with a summary line, or one JSON document. Deterministic: the
// rollout order, times from the run's clock.
import { ClusterPlan, PlanStatus } from './cluster-plan';
import { ClusterResult, FleetReport } from './runner';
import { formatMs } from './settings';
import { Wave } from './waves';
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
    : r.stopped ? `❌ Failure budget exceeded (${r.failures} failed, ${r.allowedFailures} allowed): the rollout stopped`
      : `❌ Fleet not fully upgraded (${r.failures} failed, ${r.allowedFailures} allowed)`;
  return `${table(rows)}\n${verdict}: ${summary}\n`;
}

export function fleetReportJson(r: FleetReport): object {
  const iso = (t?: number) => (t === undefined ? undefined : new Date(t).toISOString());
  return {
    passed: fleetSucceeded(r),
    stopped: r.stopped,
    failures: r.failures,
    allowedFailures: r.allowedFailures,
    waves: r.waves.map(w => ({ number: w.number, clusters: w.clusters, startedAt: iso(w.startedAt), finishedAt: iso(w.finishedAt), soakEndedAt: iso(w.soakEndedAt) })),
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
export function formatFleetPlan(clusters: ReadonlyArray<{ name: string; plan: ClusterPlan }>, waves: ReadonlyArray<Wave<{ name: string }>>, settings: string): string {
  const rows = clusters.map(c => {
    const versions = c.plan.from === c.plan.to || !c.plan.to ? c.plan.from ?? '-' : `${c.plan.from ?? '(new)'} → ${c.plan.to}`;
    const status = c.plan.status === PlanStatus.BLOCKED ? `❌ blocked: ${c.plan.reason}` : c.plan.status === PlanStatus.READY ? `✅ ready (${c.plan.changes} to change)` : '✅ up to date';
    return [c.name, versions, status];
  });
  const lines = [table(rows), '', `Waves (${settings}):`];
  for (const w of waves) lines.push(`  ${w.number}: ${w.clusters.map(c => c.name).join(', ')}`);
  const blocked = clusters.filter(c => c.plan.status === PlanStatus.BLOCKED).length;
  lines.push(blocked ? `❌ ${blocked} of ${clusters.length} cluster${clusters.length === 1 ? '' : 's'} blocked: nothing was changed` : `✅ All ${clusters.length} clusters pass the upgrade preflights`);
  return `${lines.join('\n')}\n`;
}
