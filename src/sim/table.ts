// Server-side printing (`Accept: application/json;as=Table;g=meta.k8s.io;v=v1`), which is how
// `kubectl get` asks for its columns.
import { evaluateJsonPath } from './jsonpath';
import { PrinterColumn } from './printer-columns';
import { ResourceType } from './resource-types';

export function wantsTable(accept: string | undefined): boolean {
  if (!accept) return false;
  const first = accept.split(',')[0];
  return /as=Table/.test(first) && /g=meta\.k8s\.io/.test(first);
}

/** `5m`, `3h12m`, `2d` — the short age form kubectl shows. */
export function shortAge(fromIso: string | undefined, nowMs: number): string {
  if (!fromIso) return '<unknown>';
  const s = Math.max(0, Math.floor((nowMs - Date.parse(fromIso)) / 1000));
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 10) return `${m}m${s % 60 ? `${s % 60}s` : ''}`;
  if (m < 180) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

function builtinColumns(rt: ResourceType): PrinterColumn[] {
  if (!rt.builtin) return [];
  switch (rt.kind) {
    case 'Namespace': return [{ name: 'Status', type: 'string', jsonPath: '.status.phase' }, { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' }];
    case 'Secret': return [{ name: 'Type', type: 'string', jsonPath: '.type' }, { name: 'Data', type: 'integer', jsonPath: '#data' }, { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' }];
    case 'ConfigMap': return [{ name: 'Data', type: 'integer', jsonPath: '#data' }, { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' }];
    case 'Service': return [
      { name: 'Type', type: 'string', jsonPath: '.spec.type' },
      { name: 'Cluster-IP', type: 'string', jsonPath: '.spec.clusterIP' },
      { name: 'External-IP', type: 'string', jsonPath: '#external' },
      { name: 'Port(s)', type: 'string', jsonPath: '#ports' },
      { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ];
    case 'CustomResourceDefinition': return [{ name: 'Created At', type: 'date', jsonPath: '#created' }];
    default: return [{ name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' }];
  }
}

function cell(obj: any, col: PrinterColumn, nowMs: number): unknown {
  if (col.jsonPath === '#data') return Object.keys(obj.data ?? {}).length + Object.keys(obj.binaryData ?? {}).length;
  if (col.jsonPath === '#created') return obj.metadata?.creationTimestamp ?? '';
  if (col.jsonPath === '#ports') return (obj.spec?.ports ?? []).map((p: any) => `${p.port}${p.nodePort ? `:${p.nodePort}` : ''}/${p.protocol ?? 'TCP'}`).join(',') || '<none>';
  if (col.jsonPath === '#external') {
    const ing = (obj.status?.loadBalancer?.ingress ?? []).map((i: any) => i.ip ?? i.hostname).filter(Boolean);
    return ing.length ? ing.join(',') : obj.spec?.type === 'LoadBalancer' ? '<pending>' : '<none>';
  }
  const v = evaluateJsonPath(obj, col.jsonPath);
  if (col.type === 'date') return typeof v === 'string' ? shortAge(v, nowMs) : '';
  if (v === undefined || v === null) return col.type === 'integer' || col.type === 'number' ? null : '';
  if (typeof v === 'object') return JSON.stringify(v);
  return col.type === 'string' ? String(v) : v;
}

/** Renders a list (or one object) as a meta.k8s.io/v1 Table. */
export function toTable(rt: ResourceType, objects: any[], resourceVersion: string, nowMs: number,
  includeObject: string | undefined, listMeta?: any): any {
  const cols = rt.builtin ? builtinColumns(rt) : (rt.columns.length > 0 ? [...rt.columns] : builtinColumns({ ...rt, builtin: true, kind: '' }));
  const columnDefinitions = [
    { name: 'Name', type: 'string', format: 'name', description: 'Name must be unique within a namespace.', priority: 0 },
    ...cols.map(c => ({ name: c.name, type: c.type, format: '', description: c.name, priority: c.priority ?? 0 })),
  ];
  const rows = objects.map(o => {
    const row: any = { cells: [o.metadata?.name, ...cols.map(c => cell(o, c, nowMs))] };
    if (includeObject === 'Object') {
      row.object = o;
    } else if (includeObject !== 'None') {
      row.object = { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: o.metadata };
    }
    return row;
  });
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion, ...(listMeta ?? {}) }, columnDefinitions, rows };
}
