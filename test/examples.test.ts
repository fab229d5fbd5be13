// dist/ is committed: it must equal a fresh synth of every example, byte for byte, and pass validation.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { expectValid } from './util';
import { DIST_DIR, listExamples } from '../build-tools/examples';
import { KubeObject } from '../src/core/kube-object';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(d => d.isFile())
    .map(d => relative(dir, join(d.parentPath, d.name)))
    .sort();
}

describe.each(listExamples().map(e => [e.name, e] as const))('example %s', (name, example) => {
  let fresh: string;
  beforeAll(() => {
    fresh = mkdtempSync(join(tmpdir(), `example-${name.replace(/\//g, '-')}-`));
    example.synthTo(fresh);
  });
  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  test('dist/ matches a fresh synth (run `npx projen synth:examples` after changing an example)', () => {
    const committed = join(DIST_DIR, name);
    expect(files(committed)).toEqual(files(fresh));
    for (const f of files(fresh)) {
      expect(`${f}:\n${readFileSync(join(committed, f), 'utf8')}`).toBe(`${f}:\n${readFileSync(join(fresh, f), 'utf8')}`);
    }
  });

  test('every synthesized object passes the CRD schemas and upstream rules', () => {
    const objects = files(fresh).filter(f => f.endsWith('.yaml'))
      .flatMap(f => parseAllDocuments(readFileSync(join(fresh, f), 'utf8')).map(d => d.toJS() as KubeObject))
      // kustomization.yaml files are build inputs, not cluster objects (validate and apply skip them too).
      .filter(o => o && o.kind && !String(o.apiVersion).startsWith('kustomize.config.k8s.io/'));
    expect(objects.length).toBeGreaterThan(0);
    expectValid(objects);
  });
});

test('the reference hosts example enrolls node1..node3 as in the chapter', () => {
  const text = readFileSync(join(DIST_DIR, 'reference-hosts', 'reference-hosts.k8s.yaml'), 'utf8');
  const objects = parseAllDocuments(text).map(d => d.toJS() as KubeObject);
  expect(objects.map(o => `${o.kind}/${o.metadata?.name}`)).toEqual([
    'Secret/node1-example-credentials', 'BareMetalHost/node1-example',
    'Secret/node2-example-credentials', 'BareMetalHost/node2-example',
    'Secret/node3-example-credentials', 'BareMetalHost/node3-example',
  ]);
  for (const o of objects.filter(x => x.kind === 'BareMetalHost')) {
    expect(o.metadata!.labels).toEqual({ 'cluster-role': 'control-plane' });
    expect(o.spec.bmc.disableCertificateVerification).toBe(true);
    expect(o.spec.architecture).toBe('x86_64');
  }
  expect(text).not.toMatch(/^\s*(username|password):\s*[A-Za-z0-9+/=]{4,}\s*$/m);
});
