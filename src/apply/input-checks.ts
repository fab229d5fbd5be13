// What apply, upgrade and restore check before they change anything: every `${VAR}` placeholder
// resolves, every kind is served (a CRD in the input counts), every namespace exists or is in
// the input. Namespaces left out are filled in with the one the cluster will use.
import { KubeClient } from './engine/kube-client';
import { MissingKindError } from './engine/kube-errors';
import { pool } from './engine/pool';
import { formatNamespaceProblems, namespaceHints, checkNamespaces } from './namespaces';
import { SubstitutionError, Variables, substitute } from './substitute';
import { KubeObject } from '../core/kube-object';

export interface CheckedInput {
  /** The input, substituted, namespaces filled in. */
  readonly objects: KubeObject[];
  /** Whether an object's kind is namespaced (unserved kinds count as cluster-scoped). */
  readonly namespaced: (o: KubeObject) => boolean;
  /** Namespaces only the input creates (a server dry run cannot check objects in them). */
  readonly newNamespaces: readonly string[];
}

export interface InputCheckOptions {
  /** Values for `${VAR}` placeholders. @default none: any placeholder fails */
  readonly variables?: Variables;
  /** The verb of "nothing was …" in refusals: applied, changed, restored. */
  readonly verb: string;
  /** Refuse kinds the cluster does not serve. @default true */
  readonly requireServed?: boolean;
  /** Discovery requests in flight at once (the operation's --concurrency). @default 8 */
  readonly concurrency?: number;
}

/** A refusal: the message and what to do. */
export type Refuse = (message: string, next: string[]) => Error;

function listed(lines: readonly string[]): string {
  return lines.length === 1 ? lines[0] : `\n  ${lines.join('\n  ')}`;
}

/** Checks the input; a problem is `refuse(...)`d before anything is touched. */
export async function checkInput(kube: KubeClient, input: readonly KubeObject[], opts: InputCheckOptions, refuse: Refuse): Promise<CheckedInput> {
  let substituted: KubeObject[];
  try {
    substituted = substitute(input, opts.variables ?? {}).objects;
  } catch (e) {
    if (!(e instanceof SubstitutionError)) throw e;
    throw refuse(e.message.replace('nothing was applied', `nothing was ${opts.verb}`), []);
  }
  const crdKinds = new Map<string, boolean>();
  for (const o of substituted) {
    if (o.kind === 'CustomResourceDefinition') {
      for (const v of o.spec?.versions ?? []) crdKinds.set(`${o.spec?.group}/${v.name}/${o.spec?.names?.kind}`, o.spec?.scope !== 'Cluster');
    }
  }
  const missing: string[] = [];
  const scope = new Map<string, boolean>();
  // Discovery of every kind at once (one request per group version, as before, but not one
  // round trip after another); the loop below reads the answers, failures included.
  const kinds = new Map(substituted.filter(o => !crdKinds.has(`${o.apiVersion}/${o.kind}`)).map(o => [`${o.apiVersion}/${o.kind}`, o]));
  await pool([...kinds.values()], opts.concurrency ?? 8, async o => {
    await kube.resource(o.apiVersion!, o.kind!).catch(() => undefined);
  });
  for (const o of substituted) {
    const k = `${o.apiVersion}/${o.kind}`;
    if (scope.has(k)) continue;
    const fromCrd = crdKinds.get(k);
    if (fromCrd !== undefined) {
      scope.set(k, fromCrd);
      continue;
    }
    try {
      scope.set(k, (await kube.resource(o.apiVersion!, o.kind!)).namespaced);
    } catch (e) {
      if (!(e instanceof MissingKindError)) throw e;
      scope.set(k, false);
      if (!missing.includes(e.message)) missing.push(e.message);
    }
  }
  if (missing.length && (opts.requireServed ?? true)) {
    throw refuse(`nothing was ${opts.verb}: ${listed(missing)}`, ['install the missing provider(s), then rerun']);
  }
  const namespaced = (o: KubeObject) => scope.get(`${o.apiVersion}/${o.kind}`) === true;
  const objects = substituted.map(o => (namespaced(o) && !o.metadata?.namespace
    ? { ...o, metadata: { ...o.metadata, namespace: kube.defaultNamespace } }
    : o));
  const ns = await checkNamespaces(kube, objects, namespaced);
  if (ns.problems.length) throw refuse(`nothing was ${opts.verb}: ${listed(formatNamespaceProblems(ns.problems))}`, namespaceHints(ns.problems));
  return { objects, namespaced, newNamespaces: ns.created };
}
