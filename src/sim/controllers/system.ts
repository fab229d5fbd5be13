// The control-plane loops every cluster has, which the applier's delete and CRD handling rely
// on: CRD establishment and cleanup, namespace termination, and the garbage collector
// (ownerReference cascades for Background, Foreground and Orphan deletion).
import { ApiEngine, storeKey } from '../api-engine';
import { ApiError } from '../errors';
import { ResourceType } from '../resource-types';
import { StoreEvent } from '../storage';
import { rfc3339 } from '../timestamps';
import { Controller, ReconcileResult } from './runtime';

const CRD_GR = 'apiextensions.k8s.io/customresourcedefinitions';
const NS_GR = '/namespaces';
export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

function typeForGr(engine: ApiEngine, gr: string): ResourceType | undefined {
  const all = engine.types.all().filter(t => storeKey(t) === gr);
  return all.find(t => t.version === t.storageVersion) ?? all[0];
}

function ignoreNotFound(f: () => void): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 404)) throw e;
  }
}

/** Establishes CustomResourceDefinitions (serving their kinds) and deletes their instances on removal. */
export class CrdController implements Controller {
  readonly name = 'apiextensions-controller';
  private readonly served = new Map<string, number>();

  constructor(private readonly engine: ApiEngine, pinned: Iterable<string> = []) {
    for (const n of pinned) this.served.set(n, 1);
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === CRD_GR) return [e.name];
    if (e.type === 'DELETED') {
      const [group, plural] = e.gr.split('/');
      if (group && this.served.has(`${plural}.${group}`)) return [`${plural}.${group}`];
    }
    return [];
  }

  initialKeys(): string[] {
    return this.engine.store.list(CRD_GR).map(o => o.metadata.name);
  }

  reconcile(name: string): ReconcileResult | void {
    const rt = typeForGr(this.engine, CRD_GR)!;
    const crd = this.engine.find(rt, '', name);
    if (!crd) {
      this.engine.types.unregisterCrd(name);
      this.served.delete(name);
      return;
    }
    if (crd.metadata.deletionTimestamp) return this.cleanup(rt, crd);
    let cur = crd;
    if (!(cur.metadata.finalizers ?? []).includes(CRD_CLEANUP_FINALIZER)) {
      cur = this.engine.update(rt, '', name, { ...cur, metadata: { ...cur.metadata, finalizers: [...(cur.metadata.finalizers ?? []), CRD_CLEANUP_FINALIZER] } },
        { fieldManager: this.name }).object;
    }
    if (this.served.get(name) !== cur.metadata.generation || !isEstablished(cur)) {
      this.engine.types.registerCrd(cur);
      this.served.set(name, cur.metadata.generation);
      const now = rfc3339(this.engine.clock.now());
      const storage = (cur.spec.versions ?? []).find((v: any) => v.storage)?.name;
      const status = {
        conditions: [
          { type: 'NamesAccepted', status: 'True', lastTransitionTime: now, reason: 'NoConflicts', message: 'no conflicts found' },
          { type: 'Established', status: 'True', lastTransitionTime: now, reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' },
        ],
        acceptedNames: cur.spec.names,
        storedVersions: [...new Set([...(cur.status?.storedVersions ?? []), storage].filter(Boolean))],
      };
      this.engine.update(rt, '', name, { ...cur, status }, { fieldManager: this.name, subresource: 'status' });
    }
  }

  private cleanup(rt: ResourceType, crd: any): ReconcileResult | void {
    const gr = `${crd.spec.group}/${crd.spec.names.plural}`;
    const instanceType = typeForGr(this.engine, gr);
    const remaining = this.engine.store.list(gr);
    if (instanceType) {
      for (const o of remaining) {
        if (!o.metadata.deletionTimestamp) ignoreNotFound(() => this.engine.delete(instanceType, o.metadata.namespace ?? '', o.metadata.name, {}, this.name));
      }
    }
    if (this.engine.store.list(gr).length > 0) return;
    const fs = (crd.metadata.finalizers ?? []).filter((f: string) => f !== CRD_CLEANUP_FINALIZER);
    ignoreNotFound(() => this.engine.update(rt, '', crd.metadata.name, { ...crd, metadata: { ...crd.metadata, finalizers: fs } }, { fieldManager: this.name }));
  }
}

function isEstablished(crd: any): boolean {
  return (crd.status?.conditions ?? []).some((c: any) => c.type === 'Established' && c.status === 'True');
}

/** Empties a terminating namespace, then lets it go. */
export class NamespaceController implements Controller {
  readonly name = 'namespace-controller';

  constructor(private readonly engine: ApiEngine) {}

  keysFor(e: StoreEvent): string[] {
    if (e.gr === NS_GR) return e.type === 'DELETED' ? [] : [e.name];
    if (e.type === 'DELETED' && e.namespace) {
      const ns = this.engine.store.get(NS_GR, '', e.namespace);
      if (ns?.metadata.deletionTimestamp) return [e.namespace];
    }
    return [];
  }

  initialKeys(): string[] {
    return this.engine.store.list(NS_GR).filter(n => n.metadata.deletionTimestamp).map(n => n.metadata.name);
  }

  reconcile(name: string): void {
    const ns = this.engine.store.get(NS_GR, '', name);
    if (!ns?.metadata.deletionTimestamp) return;
    let remaining = 0;
    for (const gr of this.engine.store.resources()) {
      const rt = typeForGr(this.engine, gr);
      if (!rt || !rt.namespaced) continue;
      for (const o of this.engine.store.list(gr, name)) {
        remaining++;
        if (!o.metadata.deletionTimestamp) ignoreNotFound(() => this.engine.delete(rt, name, o.metadata.name, {}, this.name));
      }
    }
    if (remaining > 0) return;
    // Content is gone: the namespace's own finalizer is released (the finalize subresource).
    const next = structuredClone(ns);
    next.spec = { ...(next.spec ?? {}), finalizers: [] };
    if ((next.metadata.finalizers ?? []).length === 0) this.engine.store.remove(NS_GR, '', name);
    else this.engine.store.put(NS_GR, next);
  }
}

/** Deletes dependents whose owners are gone, and runs Foreground / Orphan deletion. */
export class GarbageCollector implements Controller {
  readonly name = 'generic-garbage-collector';

  constructor(private readonly engine: ApiEngine) {}

  keysFor(e: StoreEvent): string[] {
    const keys: string[] = [];
    const meta = e.object?.metadata ?? {};
    const refs: any[] = meta.ownerReferences ?? [];
    if (e.type === 'DELETED') {
      keys.push(`owner:${meta.uid}`);
      // A dependent going away may unblock its owner's foreground deletion.
      for (const r of refs) keys.push(`owner:${r.uid}`);
    } else {
      const fs: string[] = meta.finalizers ?? [];
      if (meta.deletionTimestamp && (fs.includes('foregroundDeletion') || fs.includes('orphan'))) keys.push(`owner:${meta.uid}`);
      const prevRefs = JSON.stringify(e.previous?.metadata?.ownerReferences ?? []);
      if (refs.length > 0 && (e.type === 'ADDED' || prevRefs !== JSON.stringify(refs))) keys.push(`dep:${e.gr}|${e.namespace}|${e.name}`);
    }
    return keys;
  }

  initialKeys(): string[] {
    const out: string[] = [];
    for (const gr of this.engine.store.resources()) {
      for (const o of this.engine.store.list(gr)) {
        if ((o.metadata.ownerReferences ?? []).length > 0) out.push(`dep:${gr}|${o.metadata.namespace ?? ''}|${o.metadata.name}`);
      }
    }
    return out;
  }

  reconcile(key: string): void {
    if (key.startsWith('owner:')) this.reconcileOwner(key.slice(6));
    else this.reconcileDependent(key.slice(4));
  }

  /** The stored object with this uid (the store keeps a uid index: no scan per event). */
  private byUid(uid: string): { gr: string; obj: any } | undefined {
    const at = this.engine.store.locate(uid);
    const obj = at && this.engine.store.get(at.gr, at.namespace, at.name);
    return obj ? { gr: at!.gr, obj } : undefined;
  }

  private dependentsOf(uid: string): Array<{ gr: string; obj: any }> {
    const out: Array<{ gr: string; obj: any }> = [];
    for (const gr of this.engine.store.resources()) {
      for (const obj of this.engine.store.list(gr)) {
        if ((obj.metadata.ownerReferences ?? []).some((r: any) => r.uid === uid)) out.push({ gr, obj });
      }
    }
    return out;
  }

  private reconcileOwner(uid: string): void {
    const owner = this.byUid(uid);
    const deps = this.dependentsOf(uid);
    if (!owner) {
      for (const d of deps) this.reconcileDependent(`${d.gr}|${d.obj.metadata.namespace ?? ''}|${d.obj.metadata.name}`);
      return;
    }
    const fs: string[] = owner.obj.metadata.finalizers ?? [];
    if (!owner.obj.metadata.deletionTimestamp) return;
    const ownerRt = typeForGr(this.engine, owner.gr);
    if (!ownerRt) return;
    if (fs.includes('orphan')) {
      for (const d of deps) this.dropRef(d, uid);
      this.dropFinalizer(ownerRt, owner.obj, 'orphan');
      return;
    }
    if (fs.includes('foregroundDeletion')) {
      for (const d of deps) {
        if (d.obj.metadata.deletionTimestamp) continue;
        const rt = typeForGr(this.engine, d.gr);
        const ref = (d.obj.metadata.ownerReferences ?? []).find((r: any) => r.uid === uid);
        if (rt) ignoreNotFound(() => this.engine.delete(rt, d.obj.metadata.namespace ?? '', d.obj.metadata.name, { propagationPolicy: ref?.blockOwnerDeletion ? 'Foreground' : 'Background' }, this.name));
      }
      const blocking = this.dependentsOf(uid)
        .filter(d => (d.obj.metadata.ownerReferences ?? []).some((r: any) => r.uid === uid && r.blockOwnerDeletion === true));
      if (blocking.length === 0) {
        const fresh = this.engine.store.get(owner.gr, owner.obj.metadata.namespace ?? '', owner.obj.metadata.name);
        if (fresh) this.dropFinalizer(ownerRt, fresh, 'foregroundDeletion');
      }
    }
  }

  private reconcileDependent(key: string): void {
    const [gr, ns, name] = key.split('|');
    const d = this.engine.store.get(gr, ns, name);
    if (!d) return;
    const refs: any[] = d.metadata.ownerReferences ?? [];
    if (refs.length === 0) return;
    const live = refs.filter(r => this.byUid(r.uid));
    if (live.length === refs.length) return;
    const rt = typeForGr(this.engine, gr);
    if (!rt) return;
    if (live.length > 0) {
      for (const r of refs.filter(x => !this.byUid(x.uid))) this.dropRef({ gr, obj: d }, r.uid);
      return;
    }
    if (!d.metadata.deletionTimestamp) ignoreNotFound(() => this.engine.delete(rt, ns, name, { propagationPolicy: 'Background' }, this.name));
  }

  private dropRef(d: { gr: string; obj: any }, uid: string): void {
    const rt = typeForGr(this.engine, d.gr);
    const fresh = this.engine.store.get(d.gr, d.obj.metadata.namespace ?? '', d.obj.metadata.name);
    if (!rt || !fresh) return;
    const refs = (fresh.metadata.ownerReferences ?? []).filter((r: any) => r.uid !== uid);
    const next = structuredClone(this.engine.present(rt, fresh));
    if (refs.length > 0) next.metadata.ownerReferences = refs;
    else delete next.metadata.ownerReferences;
    ignoreNotFound(() => this.engine.update(rt, next.metadata.namespace ?? '', next.metadata.name, next, { fieldManager: this.name }));
  }

  private dropFinalizer(rt: ResourceType, obj: any, f: string): void {
    const next = structuredClone(this.engine.present(rt, obj));
    next.metadata.finalizers = (next.metadata.finalizers ?? []).filter((x: string) => x !== f);
    ignoreNotFound(() => this.engine.update(rt, next.metadata.namespace ?? '', next.metadata.name, next, { fieldManager: this.name }));
  }
}
