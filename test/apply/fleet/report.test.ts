// The fleet's table and plan lines, pure: columns aligned by display width, the verdict line
// per outcome, the plan's one line per cluster and its waves.
import { PlanStatus } from '../../../src/apply/fleet/cluster-plan';
import { fleetReportJson, formatFleetPlan, formatFleetReport } from '../../../src/apply/fleet/report';
import { ClusterResult, FleetReport } from '../../../src/apply/fleet/runner';

const T0 = Date.UTC(2026, 0, 1);
const MIN = 60_000;

const report = (over: Partial<FleetReport> = {}): FleetReport => ({
  clusters: [
    { name: 'edge-06', wave: 1, from: 'v1.35.1+rke2r1', to: 'v1.36.3+rke2r1', startedAt: T0, finishedAt: T0 + 19 * MIN + 6000, result: ClusterResult.UPGRADED },
    { name: 'edge-03', wave: 2, from: 'v1.35.1+rke2r1', to: 'v1.36.3+rke2r1', startedAt: T0, finishedAt: T0 + 45 * MIN, result: ClusterResult.FAILED, reason: 'RKE2ControlPlane edge-03/edge-03 made no progress for 40m' },
    { name: 'edge-01', wave: 3, from: 'v1.35.1+rke2r1', to: 'v1.36.3+rke2r1', result: ClusterResult.NOT_STARTED },
  ],
  waves: [{ number: 1, clusters: ['edge-06'] }, { number: 2, clusters: ['edge-03'] }, { number: 3, clusters: ['edge-01'] }],
  failures: 1,
  allowedFailures: 0,
  stopped: true,
  ...over,
});

test('the table: from → to, wave, duration, result, reason; the verdict says why it stopped', () => {
  expect(formatFleetReport(report())).toBe([
    'CLUSTER  FROM            TO              WAVE  DURATION  RESULT       REASON',
    'edge-06  v1.35.1+rke2r1  v1.36.3+rke2r1  1     19m6s     upgraded',
    'edge-03  v1.35.1+rke2r1  v1.36.3+rke2r1  2     45m       failed       RKE2ControlPlane edge-03/edge-03 made no progress for 40m',
    'edge-01  v1.35.1+rke2r1  v1.36.3+rke2r1  3     -         not started',
    '❌ Failure budget exceeded (1 failed, 0 allowed): the rollout stopped: 1 upgraded, 1 failed, 1 not started',
    '',
  ].join('\n'));
  expect(formatFleetReport(report({ stopped: false, interrupted: true }))).toMatch(/^❌ Interrupted: the clusters upgrading were stopped where they were: /m);
  const ok = report({ clusters: [report().clusters[0]], failures: 0, stopped: false });
  expect(formatFleetReport(ok)).toMatch(/\n✅ Fleet upgraded: 1 upgraded\n$/);
  expect(fleetReportJson(ok)).toEqual(expect.objectContaining({
    passed: true,
    clusters: [expect.objectContaining({ name: 'edge-06', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 19 * MIN + 6000, result: 'upgraded' })],
  }));
});

test('the plan: one line per cluster, then the waves and the verdict', () => {
  const base = { from: 'v1.35.1+rke2r1', to: 'v1.36.3+rke2r1', preflights: [] };
  const text = formatFleetPlan([
    { name: 'a', plan: { ...base, status: PlanStatus.READY, changes: 2 } },
    { name: 'bb', plan: { ...base, status: PlanStatus.BLOCKED, changes: 1, reason: 'Control plane ready: not ready' } },
    { name: 'c', plan: { ...base, from: 'v1.36.3+rke2r1', status: PlanStatus.UP_TO_DATE, changes: 0 } },
  ], [{ number: 1, clusters: [{ name: 'a' }] }, { number: 2, clusters: [{ name: 'bb' }, { name: 'c' }] }], 'waves 1,100%');
  expect(text).toBe([
    'a   v1.35.1+rke2r1 → v1.36.3+rke2r1  ✅ ready (2 to change)',
    'bb  v1.35.1+rke2r1 → v1.36.3+rke2r1  ❌ blocked: Control plane ready: not ready',
    'c   v1.36.3+rke2r1                   ✅ up to date',
    '',
    'Waves (waves 1,100%):',
    '  1: a',
    '  2: bb, c',
    '❌ 1 of 3 clusters blocked: nothing was changed',
    '',
  ].join('\n'));
  // In an upgrade the verdict says what happens next.
  const plans = [{ name: 'bb', plan: { ...base, status: PlanStatus.BLOCKED, changes: 1, reason: 'x' } }, { name: 'a', plan: { ...base, status: PlanStatus.READY, changes: 1 } }];
  const waves = [{ number: 1, clusters: [{ name: 'a' }, { name: 'bb' }] }];
  expect(formatFleetPlan(plans, waves, 'w', { allowedFailures: 1 })).toMatch(/\n❌ 1 of 2 clusters blocked, within the failure budget \(1\): skipped, the others go ahead\n$/);
  expect(formatFleetPlan(plans, waves, 'w', { allowedFailures: 0 })).toMatch(/\n❌ 1 of 2 clusters blocked, more than the failure budget \(0\): nothing was changed\n$/);
});
