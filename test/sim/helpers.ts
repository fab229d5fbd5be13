// Test helpers: in-process simulators on a ManualClock and manifest application through the
// engine (as a client would with server-side apply).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ManualClock } from '../../src/core/clock';
import { ApiEngine, RequestOptions } from '../../src/sim/api-engine';
import { ApiError } from '../../src/sim/errors';
import { ResourceType } from '../../src/sim/resource-types';
import { Simulator, SimulatorOptions } from '../../src/sim/simulator';

export const FIXTURES = join(__dirname, 'fixtures');

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

export function docs(yamlText: string): any[] {
  return parseAllDocuments(yamlText).map(d => d.toJSON()).filter(Boolean);
}

/** Reconcile errors of simulators made by manualSim (a controller error is a bug: tests assert none). */
export const controllerErrors: string[] = [];

/** A simulator on a ManualClock with controllers started (no HTTP). */
export function manualSim(options: SimulatorOptions = {}): { sim: Simulator; engine: ApiEngine; clock: ManualClock } {
  const clock = new ManualClock();
  const sim = new Simulator({
    seed: 7,
    clock,
    onControllerError: (c, k, e) => controllerErrors.push(`${c} ${k}: ${(e as Error)?.message ?? e}`),
    ...options,
  });
  sim.startControllers();
  return { sim, engine: sim.server.engine, clock };
}

export function rt(engine: ApiEngine, apiVersion: string, kind: string): ResourceType {
  const t = engine.types.forKind(apiVersion, kind);
  if (!t) throw new Error(`not served: ${apiVersion} ${kind}`);
  return t;
}

/** Server-side applies every document as `manager`. */
export function applyAll(engine: ApiEngine, yamlText: string, manager = 'test', opts: RequestOptions = {}): any[] {
  return docs(yamlText).map(o => apply(engine, o, manager, opts));
}

export function apply(engine: ApiEngine, obj: any, manager = 'test', opts: RequestOptions = {}): any {
  const t = rt(engine, obj.apiVersion, obj.kind);
  return engine.patch(t, obj.metadata.namespace ?? 'default', obj.metadata.name, 'application/apply-patch+yaml', JSON.stringify(obj),
    { fieldManager: manager, fieldValidation: 'Strict', ...opts }).object;
}

export function get(engine: ApiEngine, apiVersion: string, kind: string, name: string, namespace = 'default'): any | undefined {
  return engine.find(rt(engine, apiVersion, kind), namespace, name);
}

export function list(engine: ApiEngine, apiVersion: string, kind: string, namespace = 'default'): any[] {
  return engine.list(rt(engine, apiVersion, kind), namespace).items;
}

/** Runs `f` and returns the ApiError it throws (fails the test if it does not throw one). */
export function apiError(f: () => unknown): ApiError {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError, but the call succeeded');
}

export function conditionOf(obj: any, type: string): any {
  return (obj?.status?.conditions ?? []).find((c: any) => c.type === type);
}
