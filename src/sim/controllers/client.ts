// The in-process client controllers use: the same engine as HTTP requests (so writes get
// resourceVersions, managedFields, validation and watch events) under the controller's own
// field manager, without network, faults or serialization.
import { ApiEngine } from '../api-engine';
import { ApiError } from '../errors';
import { ResourceType } from '../resource-types';

export class SimClient {
  constructor(readonly engine: ApiEngine, readonly manager: string) {}

  /** The served type of apiVersion/kind, or undefined when its CRD is not installed. */
  type(apiVersion: string, kind: string): ResourceType | undefined {
    return this.engine.types.forKind(apiVersion, kind);
  }

  get(apiVersion: string, kind: string, namespace: string, name: string): any | undefined {
    const rt = this.type(apiVersion, kind);
    return rt ? this.engine.find(rt, namespace, name) : undefined;
  }

  list(apiVersion: string, kind: string, namespace?: string, labelSelector?: string): any[] {
    const rt = this.type(apiVersion, kind);
    if (!rt) return [];
    return this.engine.list(rt, namespace, { labelSelector }).items.map((o: any) => ({ apiVersion, kind, ...o }));
  }

  create(obj: any): any {
    const rt = this.required(obj);
    return this.engine.create(rt, obj.metadata?.namespace ?? '', obj, { fieldManager: this.manager }).object;
  }

  /** PUT of the main resource (spec and metadata). */
  update(obj: any): any {
    const rt = this.required(obj);
    return this.engine.update(rt, obj.metadata?.namespace ?? '', obj.metadata.name, obj, { fieldManager: this.manager }).object;
  }

  /** PUT of the status subresource (the main resource for kinds without one). */
  updateStatus(obj: any): any {
    const rt = this.required(obj);
    const opts = { fieldManager: this.manager, subresource: rt.statusSubresource ? 'status' : undefined };
    return this.engine.update(rt, obj.metadata?.namespace ?? '', obj.metadata.name, obj, opts).object;
  }

  /** Deletes; a missing object is not an error. */
  delete(apiVersion: string, kind: string, namespace: string, name: string, propagationPolicy?: string): void {
    const rt = this.type(apiVersion, kind);
    if (!rt) return;
    try {
      this.engine.delete(rt, namespace, name, { propagationPolicy }, this.manager);
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 404)) throw e;
    }
  }

  /** Adds a finalizer (no-op when present or when the object is being deleted). */
  ensureFinalizer(obj: any, finalizer: string): any {
    const fs: string[] = obj.metadata.finalizers ?? [];
    if (fs.includes(finalizer) || obj.metadata.deletionTimestamp) return obj;
    return this.update({ ...obj, metadata: { ...obj.metadata, finalizers: [...fs, finalizer] } });
  }

  /** Removes a finalizer; the object may disappear as a result. */
  removeFinalizer(obj: any, finalizer: string): void {
    const fs: string[] = obj.metadata.finalizers ?? [];
    if (!fs.includes(finalizer)) return;
    this.update({ ...obj, metadata: { ...obj.metadata, finalizers: fs.filter(f => f !== finalizer) } });
  }

  private required(obj: any): ResourceType {
    const rt = this.type(obj.apiVersion, obj.kind);
    if (!rt) throw new Error(`${this.manager}: ${obj.apiVersion} ${obj.kind} is not served`);
    return rt;
  }
}
