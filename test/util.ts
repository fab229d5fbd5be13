// Shared test helpers: synthesize a chart to plain objects and assert they are valid.
import { App, Chart, Testing } from 'cdk8s';
import { ValidationError } from '../src/core/errors';
import { Finding } from '../src/core/finding';
import { KubeObject } from '../src/core/kube-object';
import { validateObjects } from '../src/validate/validate';

export function newChart(context: Record<string, unknown> = {}): Chart {
  const app: App = Testing.app();
  for (const [k, v] of Object.entries(context)) app.node.setContext(k, v);
  return new Chart(app, 'test', { disableResourceNameHashes: true });
}

export function synth(chart: Chart): KubeObject[] {
  return Testing.synth(chart) as KubeObject[];
}

/** Every error finding (schema, metadata, upstream rules) over a set of objects, as readable lines. */
export function errorLines(objects: readonly KubeObject[]): string[] {
  return validateObjects(objects).flatMap(r => r.findings
    .filter((f: Finding) => f.severity === 'error')
    .map((f: Finding) => `${r.object.kind}/${r.object.metadata?.name} ${f.field}: ${f.message}`));
}

/** Asserts that synthesized objects pass the CRD schemas and every upstream rule. */
export function expectValid(objects: readonly KubeObject[]): void {
  expect(errorLines(objects)).toEqual([]);
}

export function find(objects: readonly KubeObject[], kind: string, name?: string): KubeObject {
  const o = objects.find(x => x.kind === kind && (name === undefined || x.metadata?.name === name));
  if (!o) throw new Error(`no ${kind}${name ? `/${name}` : ''} in ${objects.map(x => `${x.kind}/${x.metadata?.name}`).join(', ')}`);
  return o;
}

/** Asserts `fn` throws a ValidationError (not a TypeError or anything else) whose message matches. */
export function expectValidationError(fn: () => unknown, message: RegExp): void {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(ValidationError);
  expect((thrown as Error).message).toMatch(message);
}
