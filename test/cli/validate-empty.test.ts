// An empty input must not pass as valid (issue 13): no files found is a usage error (exit 2),
// files without a single object are a finding (exit 1). In process.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { STACK_LINE, run } from './capture';

const ROOT = resolve(__dirname, '..', '..');
const tmp = () => mkdtempSync(join(tmpdir(), 'validate-empty-'));

test('an empty directory (or one with no YAML/CSV files) exits 2', async () => {
  const dir = tmp();
  let r = await run(['validate', dir]);
  expect(r.stderr).toBe(`error: no YAML manifests or hardware.csv files in ${dir} (directories are searched for *.yaml, *.yml and *.csv)\n`);
  expect(r.code).toBe(2);
  writeFileSync(join(dir, 'README.md'), '# nothing here\n');
  r = await run(['validate', dir]);
  expect(r.code).toBe(2);
});

test('a file with only comments, empty stdin, or only a kustomization.yaml exits 1 with a finding', async () => {
  const dir = tmp();
  writeFileSync(join(dir, 'a.yaml'), '# only a comment\n---\n');
  let r = await run(['validate', join(dir, 'a.yaml')]);
  expect(r.stdout).toBe(`${join(dir, 'a.yaml')}:1 no Kubernetes objects in this file (only comments, empty documents or kustomization.yaml), and none elsewhere in the input (check the path, or the command that produced the file)\n`);
  expect(r.stderr).toBe('1 error, 0 warnings in 0 objects from 1 file\n');
  expect(r.code).toBe(1);
  r = await run(['validate', '-'], '');
  expect(r.stdout).toMatch(/^<stdin>:1 no Kubernetes objects/);
  expect(r.code).toBe(1);
  r = await run(['validate', '-', '--output', 'json'], '\n');
  expect(JSON.parse(r.stdout)).toMatchObject({ valid: false, errors: 1, findings: [{ rule: 'input/empty', file: '<stdin>', line: 1 }] });
  writeFileSync(join(dir, 'kustomization.yaml'), 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [a.yaml]\n');
  r = await run(['validate', dir]);
  expect(r.stdout.trim().split('\n')).toHaveLength(2);
  expect(r.code).toBe(1);
});

test('an empty file beside real objects is fine; a hardware.csv alone is an input', async () => {
  const dir = tmp();
  writeFileSync(join(dir, 'empty.yaml'), '');
  copyFileSync(join(ROOT, 'dist', 'eksa-docker', 'dev-eks-a-cluster.yaml'), join(dir, 'cluster.yaml'));
  let r = await run(['validate', dir]);
  expect(r.stdout).toBe('');
  expect(r.code).toBe(0);
  r = await run(['validate', join(ROOT, 'dist', 'eksa-tinkerbell', 'hardware.csv')]);
  expect(r.stderr).toMatch(/0 errors, 0 warnings in 0 objects from 1 file/);
  expect(r.code).toBe(0);
});

test('--against: no files exits 2, no objects exits 1', async () => {
  const dir = tmp();
  const now = join(ROOT, 'dist', 'eksa-docker');
  mkdirSync(join(dir, 'old'));
  let r = await run(['validate', now, '--against', join(dir, 'old')]);
  expect(r.stderr).toMatch(/^error: --against: no YAML manifests in .*old/);
  expect(r.code).toBe(2);
  writeFileSync(join(dir, 'old', 'a.yaml'), '# nothing\n');
  r = await run(['validate', now, '--against', join(dir, 'old')]);
  expect(r.stdout).toMatch(/old\/a.yaml:1 \(--against\) no Kubernetes objects in this file/);
  expect(r.stderr).not.toMatch(STACK_LINE);
  expect(r.code).toBe(1);
});
