// The wave layout and the rollout settings, pure: cumulative boundaries with percentages
// rounding up, canary pinning, ordering by a label, the failure budget, and the messages of bad
// values (naming the flag or the rollout.json field and what is valid).
import { resolveSettings } from '../../../src/apply/fleet/settings';
import { InvalidInputError, UsageError } from '../../../src/core/errors';
import {
  RolloutSettingError, failuresAllowed, labelMatcher, layoutWaves, orderClusters, parseFailureBudget, parseWaves,
} from '../../../src/core/fleet-waves';

const fleet = (n: number, labels: (i: number) => Record<string, string> = () => ({})) =>
  Array.from({ length: n }, (_, i) => ({ name: `site${i}`, labels: labels(i) }));
const sizes = (n: number, waves: string, pinned = 0) => layoutWaves(fleet(n), parseWaves(waves), pinned).map(w => w.clusters.length);

describe('wave layout', () => {
  test('1,10%,50%,100% is a canary, then cumulative shares, percentages rounding up', () => {
    expect(sizes(50, '1,10%,50%,100%')).toEqual([1, 4, 20, 25]);
    expect(sizes(7, '1,10%,50%,100%')).toEqual([1, 3, 3]); // 10% of 7 → 1 adds nobody; 50% → 4
    expect(sizes(101, '1,10%,50%,100%')).toEqual([1, 10, 40, 50]); // 10.1 → 11, 50.5 → 51
    expect(sizes(3, '5,100%')).toEqual([3]); // a count beyond the fleet is the fleet
  });

  test('the waves keep the order and number from 1; a boundary short of the fleet leaves a final wave', () => {
    const w = layoutWaves(fleet(5), parseWaves('1,2'));
    expect(w.map(x => [x.number, x.clusters.map(c => c.name)])).toEqual([[1, ['site0']], [2, ['site1']], [3, ['site2', 'site3', 'site4']]]);
    expect(sizes(4, '100%')).toEqual([4]);
    expect(sizes(0, '1,100%')).toEqual([]);
  });

  test('pinned canaries all go in the first wave, which grows to hold them', () => {
    expect(sizes(20, '1,50%,100%', 3)).toEqual([3, 7, 10]);
    expect(sizes(20, '1,10%,100%', 3)).toEqual([3, 17]); // 10% (2) adds nobody after 3 canaries
  });

  test('boundaries must not go down', () => {
    expect(() => layoutWaves(fleet(10), parseWaves('50%,10%'))).toThrow('wave sizes are cumulative and must not go down: 50% then 10%');
    expect(() => layoutWaves(fleet(10), parseWaves('5,2'))).toThrow('5 then 2');
    expect(() => layoutWaves(fleet(10), parseWaves('5,10%'))).toThrow('5 then 10%');
  });

  test('bad wave sizes', () => {
    for (const bad of ['0', '1,,2', '0%', '101%', 'ten', '-1', '1.5', '']) {
      expect(() => parseWaves(bad)).toThrow(RolloutSettingError);
    }
    expect(() => parseWaves('1,x')).toThrow('"x" is not a wave size: expected a cluster count (1 or more) or a share of the fleet such as 10%');
    expect(parseWaves([1, '10%', ' 2 '])).toEqual([{ count: 1 }, { percent: 10 }, { count: 2 }]);
  });
});

describe('order', () => {
  const f = fleet(6, i => ({ ...(i % 2 ? { region: ['b', 'a', 'c'][(i - 1) / 2] } : {}), ...(i === 4 ? { canary: 'true' } : {}), rank: String([10, 9, 2, 1, 3, 20][i]) }));

  test('inventory order by default; --order-by sorts by the value (numbers as numbers), missing last, ties in inventory order', () => {
    expect(orderClusters(f).map(c => c.name)).toEqual(['site0', 'site1', 'site2', 'site3', 'site4', 'site5']);
    expect(orderClusters(f, { orderBy: 'region' }).map(c => c.name)).toEqual(['site3', 'site1', 'site5', 'site0', 'site2', 'site4']);
    expect(orderClusters(f, { orderBy: 'rank' }).map(c => c.name)).toEqual(['site3', 'site2', 'site4', 'site1', 'site0', 'site5']);
  });

  test('canaries first (key=value or key), then the order', () => {
    expect(orderClusters(f, { canaryLabel: 'canary=true', orderBy: 'rank' }).map(c => c.name)).toEqual(['site4', 'site3', 'site2', 'site1', 'site0', 'site5']);
    expect(orderClusters(f, { canaryLabel: 'region' }).map(c => c.name)).toEqual(['site1', 'site3', 'site5', 'site0', 'site2', 'site4']);
    expect(labelMatcher('a=')({ a: '' })).toBe(true);
    expect(() => labelMatcher('=x')).toThrow('"=x" is not a label: expected key or key=value');
  });
});

describe('failure budget', () => {
  test('a count, or a share of the fleet rounded down', () => {
    expect(failuresAllowed(parseFailureBudget('2'), 50)).toBe(2);
    expect(failuresAllowed(parseFailureBudget('5%'), 30)).toBe(1);
    expect(failuresAllowed(parseFailureBudget('10%'), 50)).toBe(5);
    expect(failuresAllowed(parseFailureBudget(0), 50)).toBe(0);
    expect(() => parseFailureBudget('-1')).toThrow('"-1" is not a failure budget: expected a count (0 or more) or a share of the fleet such as 5%');
    expect(() => parseFailureBudget('150%')).toThrow(RolloutSettingError);
  });
});

describe('settings: flags over rollout.json over defaults', () => {
  test('defaults: one wave, no soak, budget 0', () => {
    expect(resolveSettings({}))
      .toEqual({ waves: [{ percent: 100 }], maxParallel: undefined, soakMs: 0, budget: { count: 0 }, canaryLabel: undefined, orderBy: undefined });
  });

  test('each flag overrides its field of the file', () => {
    const s = resolveSettings({ waves: '1,100%', soak: '90s' }, { rollout: { waves: [2], soak: '10m', maxParallel: 3, maxFailures: '5%', orderBy: 'region' }, path: 'out/rollout.json' });
    expect(s).toEqual({ waves: [{ count: 1 }, { percent: 100 }], maxParallel: 3, soakMs: 90_000, budget: { percent: 5 }, canaryLabel: undefined, orderBy: 'region' });
  });

  test('a bad flag is a usage error naming the flag; a bad file value an input error naming file and field', () => {
    const usage = (flags: object) => {
      try {
        resolveSettings(flags);
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(usage({ waves: '1,0' })).toBe('--waves: "0" is not a wave size: expected a cluster count (1 or more) or a share of the fleet such as 10%');
    expect(usage({ maxParallel: '0' })).toBe('--max-parallel: "0" is not a whole number of 1 or more');
    expect(usage({ soak: 'soon' })).toBe('--soak: "soon" is not a duration: expected e.g. 0s, 30s, 10m, 1h30m');
    expect(usage({ maxFailures: 'many' })).toBe('--max-failures: "many" is not a failure budget: expected a count (0 or more) or a share of the fleet such as 5%');
    expect(usage({ orderBy: 'a=b' })).toBe('--order-by: "a=b" is not a label key (e.g. region)');
    expect(() => resolveSettings({}, { rollout: { maxParallel: 0 }, path: 'out/rollout.json' })).toThrow(InvalidInputError);
    expect(() => resolveSettings({}, { rollout: { soak: 'x' }, path: 'out/rollout.json' })).toThrow('out/rollout.json: rollout.soak: "x" is not a duration');
  });
});
