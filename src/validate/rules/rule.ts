import { Finding } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import type { EmbeddedTexts } from '../embedded-texts';

/** Everything a rule may look at besides the object itself. */
export interface RuleContext {
  /** All objects being validated together (for cross-object rules); may be just the one. */
  readonly objects: readonly KubeObject[];
  /** Treat warnings of embedded configs (e.g. Butane `strict`) as errors. */
  readonly strict?: boolean;
  /** The embedded texts of this run (Butane configs, inline manifests), each parsed once. */
  readonly texts: EmbeddedTexts;
  /**
   * Objects of the run left out of `objects` because their schema errors would mislead the
   * rules. They exist (their errors are reported on them): a reference to one is not "missing".
   * @default - none
   */
  readonly withErrors?: readonly KubeObject[];
}

/** Whether an object of that kind, namespace and name is in the run but left out of `ctx.objects` for its schema errors. */
export function hasErrorsInRun(ctx: RuleContext, kind: string, namespace: string, name: string): boolean {
  return (ctx.withErrors ?? []).some(o => o.kind === kind && o.metadata?.name === name && (o.metadata?.namespace ?? 'default') === namespace);
}

/** An upstream admission rule restated over a plain object. */
export type ObjectRule = (obj: KubeObject, ctx: RuleContext) => Finding[];

/** Rules keyed by `group/Kind` (core group: `/Kind`); applied to every served version unless a rule checks it. */
export type RuleTable = Readonly<Record<string, readonly ObjectRule[]>>;

/** An upstream update-time check (an immutable field, a transition): the stored object against the new one. */
export type UpdateRule = (oldObj: KubeObject, newObj: KubeObject) => Finding[];

/** Update rules keyed by `group/Kind`, run by `validate --against` (upgrade.ts). */
export type UpdateRuleTable = Readonly<Record<string, readonly UpdateRule[]>>;

/** Safe nested read: get(obj, 'spec', 'bmc', 'address'). */
export function get(obj: any, ...path: Array<string | number>): any {
  let cur = obj;
  for (const p of path) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    cur = cur[p];
  }
  return cur;
}
