// EKS Anywhere v0.26.1's own fixtures, replayed: each row of docs/upstream-coverage/eksa-fixtures.md
// transcribed into our own small objects (test/validate/rule-cases/eksa-fixtures.ts) must get the
// upstream verdict from the whole validate pipeline: valid → no error, error → an error of the rule
// the fixture exercises. Rows we do not replay say why (not a fixture, a provider we do not port).
import { Finding } from '../../../src/core/finding';
import { eksaSetFindings } from '../../../src/validate/input-files';
import { upgradeRules } from '../../../src/validate/upgrade';
import { validateObjects } from '../../../src/validate/validate';
import { EKSA_FIXTURES, FixtureRow } from '../rule-cases/eksa-fixtures';

function findings(r: FixtureRow): Finding[] {
  const out: Finding[] = [...(r.run?.() ?? [])];
  if (r.objects) {
    const objects = r.objects();
    const against = r.against?.();
    out.push(...validateObjects(objects).flatMap(x => x.findings));
    if (against) out.push(...upgradeRules(against, objects).map(f => f.finding));
    out.push(...eksaSetFindings(objects, [], against));
  }
  return out;
}

const replayed = EKSA_FIXTURES.filter(r => !r.notReplayed);
const line = (f: Finding) => `${f.rule} ${f.field}: ${f.message}`;

test('every fixture row is replayed, or says why not', () => {
  expect(EKSA_FIXTURES.filter(r => !r.notReplayed && !r.objects && !r.run).map(r => r.fixture)).toEqual([]);
  expect(EKSA_FIXTURES.filter(r => !r.notReplayed && !r.rule).map(r => r.fixture)).toEqual([]);
  // 132 research rows; the pkg/cluster and provider fixtures driven by several tests give one row per test.
  expect({ rows: EKSA_FIXTURES.length, replayed: replayed.length }).toEqual({ rows: 142, replayed: 114 });
});

describe.each(replayed.map(r => [`${r.fixture.replace(/^.*testdata\//, '')} — ${r.test.replace(/^\S+ /, '')}`, r] as const))('%s', (_name, r) => {
  test(`upstream: ${r.expected}`, () => {
    const found = findings(r);
    const errors = found.filter(f => f.severity === 'error');
    if (r.expected === 'valid') {
      expect(errors.map(line)).toEqual([]);
      if (r.warns) expect(found.filter(f => f.rule === r.rule && f.severity === 'warning').length).toBeGreaterThan(0);
    } else {
      expect(errors.map(f => f.rule)).toContain(r.rule);
    }
  });
});
