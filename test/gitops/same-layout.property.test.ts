// Property: the GitOps engines put every site in the wave the CLI fleet upgrade would, for any
// fleet and rollout settings: planWaves (gitops/) against the upgrade's own path (its settings
// resolution and the core layout, as the fleet command calls them). Guards the way each reads
// `rollout:` and resolves it into the one layout (core/fleet-waves.ts).
import * as fc from 'fast-check';
import { resolveSettings } from '../../src/apply/fleet/settings';
import { FleetRollout } from '../../src/core/fleet-rollout';
import { labelMatcher, layoutWaves, orderClusters } from '../../src/core/fleet-waves';
import { planWaves } from '../../src/gitops/waves';

interface Site { readonly name: string; readonly labels: Record<string, string> }

function upgradeLayout(sites: readonly Site[], rollout: FleetRollout): string[][] {
  const settings = resolveSettings({}, { rollout });
  const ordered = orderClusters(sites, { orderBy: settings.orderBy, canaryLabel: settings.canaryLabel });
  const pinned = settings.canaryLabel ? sites.filter(s => labelMatcher(settings.canaryLabel!)(s.labels)).length : 0;
  return layoutWaves(ordered, settings.waves, pinned).map(w => w.clusters.map(c => c.name));
}

const site = (i: number) => fc.record({
  region: fc.option(fc.constantFrom('east', 'west', '10', '9'), { nil: undefined }),
  canary: fc.boolean(),
}).map(({ region, canary }): Site => ({
  name: `site${i}`,
  labels: { ...(region !== undefined ? { region } : {}), ...(canary ? { canary: 'true' } : {}) },
}));

const fleet = fc.integer({ min: 1, max: 120 }).chain(n => fc.tuple(...Array.from({ length: n }, (_, i) => site(i))));

// Cumulative boundaries: counts ascending, then percentages ascending (what the schema and the
// rollout checks accept whatever the fleet size).
const waves = fc.tuple(
  fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 3 }).map(a => [...a].sort((x, y) => x - y)),
  fc.uniqueArray(fc.integer({ min: 25, max: 100 }), { maxLength: 3 }).map(a => [...a].sort((x, y) => x - y).map(p => `${p}%`)),
).map(([counts, shares]) => [...counts, ...shares]).filter(w => w.length > 0);

const rollout: fc.Arbitrary<FleetRollout> = fc.record({
  waves,
  canaryLabel: fc.option(fc.constantFrom('canary', 'canary=true', 'region=west'), { nil: undefined }),
  orderBy: fc.option(fc.constant('region'), { nil: undefined }),
  maxParallel: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
}, { requiredKeys: ['waves'] });

/** The layout, or the refusal's message (a share can resolve below an earlier count in a small fleet). */
function outcome(fn: () => string[][]): string[][] | string {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof Error) || !/must not go down/.test(e.message)) throw e;
    return /: (.*)$/.exec(e.message)![1];
  }
}

test('every site is in the same wave for the GitOps engines as for cdk8s-capi upgrade (or both refuse)', () => {
  let laidOut = 0;
  fc.assert(fc.property(fleet, rollout, (sites, r) => {
    const gitops = outcome(() => planWaves(sites, r).waves.map(w => [...w.clusters]));
    const upgrade = outcome(() => upgradeLayout(sites, r));
    expect(gitops).toEqual(upgrade);
    if (typeof gitops !== 'string') laidOut++;
  }), { numRuns: 300 });
  // Most runs are real layouts, not refusals.
  expect(laidOut).toBeGreaterThan(150);
});
