// The rule catalog, the rules and their cases in step: every rule id the source can report is
// catalogued with an upstream citation at the pinned tag (or a reason it is ours), has at least
// one reject and one accept case, and every case holds; docs/upstream-coverage.md is current.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RULE_CASES } from './rule-cases';
import { findingsOf } from './rule-cases/run';
import { MATRIX_FILE, renderMatrix } from '../../build-tools/coverage-matrix';
import { CATALOG, CatalogEntry, FIELD_REPORT_REF } from '../../src/validate/catalog';

const ROOT = join(__dirname, '..', '..');
const entries: CatalogEntry[] = CATALOG.flatMap(p => p.entries);
const families = new Map(CATALOG.flatMap(p => p.families.map(f => [f, p.project] as const)));

/** Tags we pin: from the CRD lock, plus tools that are not CRDs. */
const PINNED = (() => {
  const lock = JSON.parse(readFileSync(join(ROOT, 'imports', 'crds.lock.json'), 'utf8'));
  const tags = new Map<string, Set<string>>();
  for (const p of [...lock.crds, ...lock.schemas, ...lock.validationCrds, ...lock.openapi]) {
    tags.set(p.upstream.repo, new Set([...(tags.get(p.upstream.repo) ?? []), p.upstream.tag]));
  }
  // Not CRD sources, pinned by what we emulate (DESIGN-NOTES, docs/upstream-coverage/README.md).
  tags.set('coreos/butane', new Set(['v0.28.0']));
  tags.set('kubernetes/kubernetes', new Set([...(tags.get('kubernetes/kubernetes') ?? []), 'v1.36.0']));
  tags.set('aws/eks-anywhere-build-tooling', new Set(['release-0.26']));
  // RKE2 as CAPRKE2 v0.25.0 tests it, and the k3s, helm job image and Flux library code it runs (catalog/rke2.ts, helm-controller.ts, flux.ts).
  tags.set('rancher/rke2', new Set(['v1.34.2+rke2r1']));
  tags.set('k3s-io/k3s', new Set(['v1.34.2-0.20251111224559-62dadb873cbe']));
  tags.set('k3s-io/klipper-helm', new Set(['v0.9.10-build20251111']));
  tags.set('fluxcd/pkg', new Set(['kustomize/v1.35.4']));
  return tags;
})();

/** Rule ids written as string literals in src/ (`'capi/md-selector'`), in the catalogued families. */
function idsInSource(): Map<string, string> {
  const out = new Map<string, string>();
  const famPattern = [...families.keys()].map(f => f.replace(/[-/]/g, m => `\\${m}`)).join('|');
  if (!famPattern) return out;
  const re = new RegExp(`'((?:${famPattern})/[a-z0-9.-]+)'`, 'g');
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {walk(p);} else if (e.name.endsWith('.ts') && !p.includes(`${join('src', 'validate', 'catalog')}`)) {
        for (const m of readFileSync(p, 'utf8').matchAll(re)) if (!out.has(m[1])) out.set(m[1], relative(ROOT, p));
      }
    }
  };
  walk(join(ROOT, 'src'));
  return out;
}

/** Families of the ids that src/ passes to error()/warning() (a family nobody owns would escape the scan). */
function familiesInSource(): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) for (const m of readFileSync(p, 'utf8').matchAll(/\b(?:error|warning)\(\s*[`']([a-z0-9-]+)\//g)) out.add(m[1]);
    }
  };
  walk(join(ROOT, 'src'));
  return out;
}

test('every rule id family in src/ is owned by a project of the catalog', () => {
  expect([...familiesInSource()].filter(f => !families.has(f)).sort()).toEqual([]);
});

test('every rule id is catalogued once, in the project that owns its family', () => {
  const seen = new Set<string>();
  for (const e of entries) {
    expect(seen.has(e.id) ? `${e.id} is catalogued twice` : e.id).toBe(e.id);
    seen.add(e.id);
    const owner = families.get(e.id.split('/')[0]);
    expect(owner ? e.id : `${e.id}: no project owns the family ${e.id.split('/')[0]}`).toBe(e.id);
  }
  const missing = [...idsInSource()].filter(([id]) => !seen.has(id)).map(([id, file]) => `${id} (${file})`);
  expect(missing).toEqual([]);
});

test('every entry cites upstream at a pinned tag, or says why the check is ours', () => {
  const problems: string[] = [];
  for (const e of entries) {
    if (!e.upstream?.length && !e.ours) problems.push(`${e.id}: no upstream citation and no reason it is ours`);
    for (const r of e.upstream ?? []) {
      if (!r.repo || !r.path || !r.symbol) problems.push(`${e.id}: incomplete citation ${JSON.stringify(r)}`);
      const tags = PINNED.get(r.repo);
      if (!tags?.has(r.tag)) problems.push(`${e.id}: ${r.repo}@${r.tag} is not a pinned tag (${tags ? [...tags].join(', ') : 'repository not pinned'})`);
    }
  }
  for (const n of CATALOG.flatMap(p => p.notPorted)) {
    if (!n.why) problems.push(`not ported "${n.what}": no reason`);
    if (!PINNED.get(n.upstream.repo)?.has(n.upstream.tag)) problems.push(`not ported "${n.what}": ${n.upstream.repo}@${n.upstream.tag} is not pinned`);
  }
  expect(problems).toEqual([]);
});

test('every entry has a reject case and an accept case, and every case is about a catalogued rule', () => {
  const ids = new Set(entries.map(e => e.id));
  const problems: string[] = [];
  for (const e of entries) {
    for (const want of ['reject', 'accept'] as const) {
      if (!RULE_CASES.some(c => c.rule === e.id && c.expect === want)) problems.push(`${e.id}: no ${want} case`);
    }
  }
  for (const c of RULE_CASES) if (!ids.has(c.rule)) problems.push(`case "${c.title}": ${c.rule} is not catalogued`);
  expect(problems).toEqual([]);
});

test('every field-report rule cites its reports as owner/repo#number and has a reject case built from one', () => {
  const problems: string[] = [];
  for (const e of entries.filter(x => x.fieldReports)) {
    if (!e.fieldReports!.length) problems.push(`${e.id}: fieldReports is empty`);
    for (const r of e.fieldReports!) if (!FIELD_REPORT_REF.test(r)) problems.push(`${e.id}: "${r}" is not owner/repo#number`);
    if (!RULE_CASES.some(c => c.rule === e.id && c.expect === 'reject' && c.source && e.fieldReports!.includes(c.source))) {
      problems.push(`${e.id}: no reject case whose source is one of its reports`);
    }
  }
  expect(problems).toEqual([]);
});

describe('rule cases', () => {
  const named = RULE_CASES.map(c => [`${c.rule}: ${c.expect} ${c.title}`, c] as const);
  test('every catalogued rule has its cases', () => expect(named.length).toBeGreaterThanOrEqual(entries.length * 2));
  if (named.length) test.each(named)('%s', (_name, c) => runCase(c));
});

async function runCase(c: (typeof RULE_CASES)[number]): Promise<void> {
  {
    const found = await findingsOf(c);
    if (c.expect === 'accept') {
      expect(found.map(f => `${f.field}: ${f.message}`)).toEqual([]);
      return;
    }
    const severity = c.severity ?? 'error';
    expect(found.filter(f => f.severity === severity).map(f => `${f.field}: ${f.message}`))
      .toEqual(expect.arrayContaining([c.message ? expect.stringMatching(c.message) : expect.anything()]));
  }
}

test('docs/upstream-coverage.md is generated from the catalog (npx projen coverage-matrix)', () => {
  expect(readFileSync(MATRIX_FILE, 'utf8')).toBe(renderMatrix());
});
