// Every namespace the manifests use must exist before anything is applied: in the cluster, or
// as a Namespace object in the input. Without this check the run stops half-way with a bare
// 404 from the first object in a missing namespace. A fleet needs many namespaces: they are
// read with one LIST then, not a GET each (the run's request count stays near one per object).
import { KubeApiError } from './engine/kube-errors';
import { KubeObject } from '../core/kube-object';
import { describeRef, refOf } from '../core/object-ref';

/** A namespace that is missing (or being deleted), with the objects that need it. */
export interface NamespaceProblem {
  readonly namespace: string;
  readonly problem: 'missing' | 'terminating';
  /** `Kind namespace/name` of the objects in it. */
  readonly neededBy: readonly string[];
}

/** What the check needs from the API. */
export interface NamespaceReader {
  get(ref: { group: string; version: string; kind: string; name: string; namespace?: string }): Promise<KubeObject | undefined>;
  list?(apiVersion: string, kind: string): Promise<{ items: KubeObject[] }>;
}

/** More namespaces than this are listed at once instead of read one by one. */
export const NAMESPACE_LIST_THRESHOLD = 2;

/**
 * The live Namespace of each name (undefined when there is none): one LIST for many, a GET
 * each for a few or when listing namespaces is forbidden (RBAC may allow get but not list).
 */
async function liveNamespaces(kube: NamespaceReader, names: readonly string[]): Promise<Map<string, KubeObject | undefined>> {
  const out = new Map<string, KubeObject | undefined>();
  if (names.length > NAMESPACE_LIST_THRESHOLD && kube.list) {
    try {
      const all = new Map((await kube.list('v1', 'Namespace')).items.map(n => [n.metadata?.name, n]));
      for (const n of names) out.set(n, all.get(n));
      return out;
    } catch (e) {
      if (!(e instanceof KubeApiError && e.code === 403)) throw e;
    }
  }
  for (const n of names) out.set(n, await kube.get({ group: '', version: 'v1', kind: 'Namespace', name: n }));
  return out;
}

export interface NamespaceCheck {
  readonly problems: NamespaceProblem[];
  /** Namespaces the objects use that only the input creates (a server dry run cannot check objects in them). */
  readonly created: string[];
}

/**
 * Checks the namespaces of the namespaced objects (namespaces already filled in). A namespace
 * in the input counts as present unless the cluster is deleting it (applying it again would
 * not bring it back).
 */
export async function checkNamespaces(kube: NamespaceReader, objects: readonly KubeObject[],
  isNamespaced: (o: KubeObject) => boolean): Promise<NamespaceCheck> {
  const inInput = new Set(objects.filter(o => o.kind === 'Namespace' && (o.apiVersion ?? 'v1') === 'v1').map(o => o.metadata?.name));
  const users = new Map<string, string[]>();
  for (const o of objects) {
    const ns = o.metadata?.namespace;
    if (!ns || !isNamespaced(o)) continue;
    const list = users.get(ns) ?? [];
    if (!list.length) users.set(ns, list);
    list.push(describeRef(refOf(o)));
  }
  const problems: NamespaceProblem[] = [];
  const created: string[] = [];
  const sorted = [...users].sort(([a], [b]) => a.localeCompare(b));
  const lives = await liveNamespaces(kube, sorted.map(([ns]) => ns));
  for (const [ns, neededBy] of sorted) {
    const live = lives.get(ns);
    if (live?.metadata?.deletionTimestamp) problems.push({ namespace: ns, problem: 'terminating', neededBy });
    else if (!live && !inInput.has(ns)) problems.push({ namespace: ns, problem: 'missing', neededBy });
    else if (!live) created.push(ns);
  }
  return { problems, created };
}

/** Just the problems (see checkNamespaces). */
export async function namespaceProblems(kube: NamespaceReader, objects: readonly KubeObject[],
  isNamespaced: (o: KubeObject) => boolean): Promise<NamespaceProblem[]> {
  return (await checkNamespaces(kube, objects, isNamespaced)).problems;
}

const MAX_LISTED = 5;

/** One line per namespace: what is wrong and who needs it. */
export function formatNamespaceProblems(problems: readonly NamespaceProblem[]): string[] {
  return problems.map(p => {
    const shown = p.neededBy.slice(0, MAX_LISTED).join(', ');
    const more = p.neededBy.length > MAX_LISTED ? ` and ${p.neededBy.length - MAX_LISTED} more` : '';
    const what = p.problem === 'missing' ? 'does not exist and is not in the manifests' : 'is being deleted';
    return `namespace ${p.namespace} ${what}; needed by ${shown}${more}`;
  });
}

/** What to run next. */
export function namespaceHints(problems: readonly NamespaceProblem[]): string[] {
  const missing = problems.filter(p => p.problem === 'missing').map(p => p.namespace);
  const terminating = problems.filter(p => p.problem === 'terminating').map(p => p.namespace);
  return [
    ...missing.map(ns => `kubectl create namespace ${ns}   # or add a Namespace object to the manifests`),
    ...(terminating.length ? [`wait until ${terminating.join(', ')} ${terminating.length === 1 ? 'is' : 'are'} gone (kubectl get namespace ${terminating[0]}), then rerun`] : []),
  ];
}
