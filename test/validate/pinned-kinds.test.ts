// Every kind pinned for validation only is validated, and a realistic object of each passes: the
// API server accepts them (pinned-kinds-fixtures.ts), so any finding would be a false one.
import { PINNED_KIND_OBJECTS } from './pinned-kinds-fixtures';
import { readLock } from '../../build-tools/crd-lock';
import { Severity } from '../../src/core/finding';
import { parseApiVersion } from '../../src/core/gvk';
import { SchemaRegistry } from '../../src/validate/schema';
import { validateObjects } from '../../src/validate/validate';

/** The GitOps engines' kinds are checked on `synth --gitops` output (test/gitops); every other validation-only kind here. */
const GITOPS = /argoproj|rancher\/fleet|fluxcd/;

test('every kind pinned for validation only has a schema in the registry, and a realistic object here', () => {
  const r = SchemaRegistry.default();
  const pinned = readLock().validationCrds.filter(p => !GITOPS.test(p.upstream.repo)).flatMap(p => p.crds.map(c => `${c.group}/${c.kind}`));
  expect(pinned.length).toBeGreaterThanOrEqual(41);
  for (const gk of pinned) {
    const [group, kind] = [gk.slice(0, gk.lastIndexOf('/')), gk.slice(gk.lastIndexOf('/') + 1)];
    expect(r.kinds().some(k => k.group === group && k.kind === kind)).toBe(true);
  }
  const covered = new Set(PINNED_KIND_OBJECTS.map(o => `${parseApiVersion(o.apiVersion).group}/${o.kind}`));
  expect(pinned.filter(gk => !covered.has(gk))).toEqual([]);
});

test('the schema layer has no finding on any of them', () => {
  const r = SchemaRegistry.default();
  expect(PINNED_KIND_OBJECTS.flatMap(o => r.validate(o).map(f => `${o.kind}/${o.metadata?.name} ${f.field}: ${f.message}`))).toEqual([]);
});

test('no rule reports an error on them either, taken as one set', () => {
  const errors = validateObjects(PINNED_KIND_OBJECTS).flatMap(r => r.findings.filter(f => f.severity === Severity.ERROR).map(f => `${r.object.kind}/${r.object.metadata?.name} ${f.rule} ${f.field}: ${f.message}`));
  expect(errors).toEqual([]);
});
