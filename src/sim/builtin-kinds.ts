// What the API server's registry does for the built-in kinds beyond the generic write path:
// Secret stringData folding, Namespace finalizers and phase, Service IP/port allocation,
// CRD naming rules.
import { StatusCause } from './errors';

export interface BuiltinContext {
  readonly random: () => number;
  /** Cluster IPs and node ports already in use. */
  readonly usedClusterIps: () => Set<string>;
  readonly usedNodePorts: () => Set<number>;
}

function foldStringData(secret: any): void {
  if (secret.stringData && typeof secret.stringData === 'object') {
    secret.data = { ...(secret.data ?? {}) };
    for (const [k, v] of Object.entries(secret.stringData)) secret.data[k] = Buffer.from(String(v), 'utf8').toString('base64');
  }
  delete secret.stringData;
}

function allocateIp(ctx: BuiltinContext): string {
  const used = ctx.usedClusterIps();
  for (;;) {
    const n = 10 + Math.floor(ctx.random() * 65000);
    const ip = `10.96.${Math.floor(n / 256) % 256}.${(n % 254) + 1}`;
    if (!used.has(ip)) return ip;
  }
}

function allocateNodePort(ctx: BuiltinContext, taken: Set<number>): number {
  const used = ctx.usedNodePorts();
  for (;;) {
    const p = 30000 + Math.floor(ctx.random() * 2768);
    if (!used.has(p) && !taken.has(p)) {
      taken.add(p);
      return p;
    }
  }
}

function defaultService(svc: any, ctx: BuiltinContext, old?: any): StatusCause[] {
  const spec = (svc.spec ??= {});
  spec.type ??= 'ClusterIP';
  spec.sessionAffinity ??= 'None';
  spec.internalTrafficPolicy ??= 'Cluster';
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') spec.externalTrafficPolicy ??= 'Cluster';
  const taken = new Set<number>();
  for (const p of spec.ports ?? []) {
    p.protocol ??= 'TCP';
    p.targetPort ??= p.port;
    if ((spec.type === 'NodePort' || spec.type === 'LoadBalancer') && !p.nodePort) {
      const prev = (old?.spec?.ports ?? []).find((o: any) => o.port === p.port && (o.protocol ?? 'TCP') === p.protocol);
      p.nodePort = prev?.nodePort ?? allocateNodePort(ctx, taken);
    }
  }
  if (spec.type !== 'ExternalName') {
    const before = old?.spec?.clusterIP;
    if (before && spec.clusterIP && spec.clusterIP !== before) {
      return [{ reason: 'FieldValueInvalid', message: `Invalid value: "${spec.clusterIP}": field is immutable`, field: 'spec.clusterIPs[0]' }];
    }
    spec.clusterIP = spec.clusterIP ?? before ?? allocateIp(ctx);
    spec.clusterIPs = [spec.clusterIP];
    spec.ipFamilies ??= ['IPv4'];
    spec.ipFamilyPolicy ??= 'SingleStack';
  }
  svc.status = old?.status ?? { loadBalancer: {} };
  return [];
}

/** Kind-specific preparation of a create; returns field errors (422) if any. */
export function prepareBuiltinCreate(kind: string, group: string, obj: any, ctx: BuiltinContext): StatusCause[] {
  if (group === '' && kind === 'Secret') {
    foldStringData(obj);
    obj.type ??= 'Opaque';
  } else if (group === '' && kind === 'Namespace') {
    obj.spec = { finalizers: ['kubernetes'] };
    obj.status = { phase: 'Active' };
  } else if (group === '' && kind === 'Service') {
    return defaultService(obj, ctx);
  } else if (group === 'apiextensions.k8s.io' && kind === 'CustomResourceDefinition') {
    obj.status = {};
    return validateCrd(obj);
  }
  return [];
}

/** Kind-specific preparation of an update over `old`. */
export function prepareBuiltinUpdate(kind: string, group: string, obj: any, old: any, ctx: BuiltinContext): StatusCause[] {
  if (group === '' && kind === 'Secret') {
    foldStringData(obj);
    obj.type ??= old.type ?? 'Opaque';
    if (old.immutable === true && (JSON.stringify(obj.data ?? {}) !== JSON.stringify(old.data ?? {}) || obj.immutable !== true)) {
      return [{ reason: 'FieldValueForbidden', message: 'Forbidden: field is immutable when `immutable` is set', field: 'data' }];
    }
    if (obj.type !== old.type) return [{ reason: 'FieldValueInvalid', message: `Invalid value: "${obj.type}": field is immutable`, field: 'type' }];
  } else if (group === '' && kind === 'Namespace') {
    // spec.finalizers only change through the finalize subresource (the namespace controller).
    obj.spec = old.spec;
    obj.status = old.status;
  } else if (group === '' && kind === 'Service') {
    return defaultService(obj, ctx, old);
  } else if (group === 'apiextensions.k8s.io' && kind === 'CustomResourceDefinition') {
    return validateCrd(obj);
  }
  return [];
}

function validateCrd(crd: any): StatusCause[] {
  const spec = crd.spec ?? {};
  const out: StatusCause[] = [];
  const expected = `${spec.names?.plural}.${spec.group}`;
  if (crd.metadata?.name !== expected) {
    out.push({ reason: 'FieldValueInvalid', message: `Invalid value: "${crd.metadata?.name}": must be spec.names.plural+"."+spec.group`, field: 'metadata.name' });
  }
  if (!spec.names?.kind) out.push({ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.names.kind' });
  if (!spec.names?.plural) out.push({ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.names.plural' });
  if (spec.scope !== 'Namespaced' && spec.scope !== 'Cluster') {
    out.push({ reason: 'FieldValueNotSupported', message: `Unsupported value: "${spec.scope ?? ''}": supported values: "Cluster", "Namespaced"`, field: 'spec.scope' });
  }
  const versions: any[] = spec.versions ?? [];
  if (versions.length === 0) {out.push({ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.versions' });} else if (versions.filter(v => v.storage).length !== 1) {
    out.push({ reason: 'FieldValueInvalid', message: `Invalid value: ${JSON.stringify(versions.map(v => v.name))}: must have exactly one version marked as storage version`, field: 'spec.versions' });
  }
  return out;
}
