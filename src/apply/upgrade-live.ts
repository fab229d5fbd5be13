// The live side of `plan --live` and `upgrade`: the live objects of a manifest set, the
// server's dry-run results for applying it (defaults and webhooks included), and the live
// hosts — read-only, nothing is changed.
import { FIELD_MANAGER } from './applier';
import { KubeClient } from './engine/kube-client';
import { KubeApiError, MissingKindError } from './engine/kube-errors';
import { PreflightItem, UpgradePreflight, UpgradePreflightInput } from './upgrade-preflights';
import { Finding, error } from '../core/finding';
import { KubeObject } from '../core/kube-object';
import { keyOf } from '../core/object-key';
import { refOf } from '../core/object-ref';

export interface LiveView {
  /** The new set, namespaces filled in. */
  readonly objects: KubeObject[];
  /** Live objects of the set that exist, by `group/Kind/namespace/name`. */
  readonly live: Map<string, KubeObject>;
  /** The server's dry-run result per object (absent when the dry run was refused). */
  readonly dryRun: Map<string, KubeObject>;
  /** Dry runs the server refused (webhooks, immutable fields, schema). */
  readonly refused: Array<{ object: KubeObject; finding: Finding }>;
  /** Live BareMetalHosts of the set's namespaces, with status. */
  readonly hosts: KubeObject[];
  /** Kinds the cluster does not serve. */
  readonly missing: MissingKindError[];
}

export const keyOfObject = (o: KubeObject) => keyOf(refOf(o));

/** Reads the live state of `input` (and dry-runs it unless `dryRun` is false). */
export async function readLive(kube: KubeClient, input: readonly KubeObject[], opts: { dryRun?: boolean } = {}): Promise<LiveView> {
  const missing: MissingKindError[] = [];
  const objects: KubeObject[] = [];
  const served: KubeObject[] = [];
  for (const o of input) {
    try {
      const info = await kube.resource(o.apiVersion!, o.kind!);
      const n = info.namespaced && !o.metadata?.namespace ? { ...o, metadata: { ...o.metadata, namespace: kube.defaultNamespace } } : o;
      objects.push(n);
      served.push(n);
    } catch (e) {
      if (!(e instanceof MissingKindError)) throw e;
      if (!missing.some(m => m.message === e.message)) missing.push(e);
      objects.push(o);
    }
  }
  const live = new Map<string, KubeObject>();
  const dryRun = new Map<string, KubeObject>();
  const refused: LiveView['refused'] = [];
  for (const o of served) {
    const ref = refOf(o);
    const got = await kube.get(ref);
    if (got) live.set(keyOf(ref), { apiVersion: o.apiVersion, kind: o.kind, ...got });
    if (opts.dryRun === false) continue;
    try {
      const r = await kube.apply(o, { fieldManager: FIELD_MANAGER, force: true, dryRun: true });
      dryRun.set(keyOf(ref), { apiVersion: o.apiVersion, kind: o.kind, ...r });
    } catch (e) {
      if (!(e instanceof KubeApiError)) throw e;
      const causes = e.causes.map(c => `${c.field ? `${c.field}: ` : ''}${c.message}`).join('; ');
      refused.push({ object: o, finding: error('upgrade/server-dry-run', '', `the API server refused it (${e.code}${e.reason ? ` ${e.reason}` : ''}): ${causes || e.serverMessage}`) });
    }
  }
  const namespaces = [...new Set(served.filter(o => o.metadata?.namespace).map(o => o.metadata!.namespace!))];
  const hosts: KubeObject[] = [];
  for (const ns of namespaces) {
    try {
      hosts.push(...(await kube.list('metal3.io/v1alpha1', 'BareMetalHost', ns)).items);
    } catch (e) {
      if (!(e instanceof MissingKindError)) throw e;
    }
  }
  return { objects, live, dryRun, refused, hosts, missing };
}

/** The preflight input of a live view: live objects against the dry-run results (manifests where there is none). */
export function preflightInputOf(view: LiveView): UpgradePreflightInput {
  return {
    old: [...view.live.values()],
    new: view.objects.map(o => view.dryRun.get(keyOfObject(o)) ?? o),
    liveHosts: view.hosts,
    live: [...view.live.values()],
  };
}

/** The checks that come from the server itself: served kinds and dry-run refusals. */
export function serverPreflights(view: LiveView): UpgradePreflight[] {
  const kinds: PreflightItem[] = view.missing.map(m => ({ finding: error('upgrade/kinds', '', m.message) }));
  return [
    { name: 'Cluster CRDs ready', passed: kinds.length === 0, items: kinds },
    { name: 'Server-side dry run', passed: view.refused.length === 0, items: view.refused },
  ];
}
