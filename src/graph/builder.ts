// Collects draft nodes and edges keyed by stable strings; ids, groups and order are decided
// once at the end (topology.ts), so the result does not depend on input order.
import { EdgeKind, NodeRole, NodeStatus } from './model';
import { groupOf, parseApiVersion } from '../core/gvk';
import type { KubeObject } from '../core/kube-object';
import { effectiveNamespace, keyOf } from '../core/object-key';

export interface DraftNode {
  readonly key: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  readonly role: NodeRole;
  readonly idHint: string;
  details: string[];
  status: NodeStatus;
  note?: string;
  /** The line for the warnings list, when `Kind ns/name: note` would not read well. @default - from the note */
  warning?: string;
  source?: string;
  /** Namespace the node is grouped under when no cluster owns it. */
  homeNamespace?: string;
  /** Group id forced regardless of ownership (hardware.csv rows). */
  fixedGroup?: { readonly id: string; readonly label: string };
  readonly object?: KubeObject;
}

export interface DraftEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: EdgeKind;
  readonly reason: string;
  readonly warning: boolean;
}

/** A reference as CAPI writes it: v1beta2 `{apiGroup, kind, name}` or v1beta1 `{apiVersion, kind, name, namespace}`. */
export interface LooseRef {
  readonly kind?: unknown;
  readonly name?: unknown;
  readonly apiGroup?: unknown;
  readonly apiVersion?: unknown;
  readonly namespace?: unknown;
}

/** The namespace a node is drawn in (the one object key's rule: `default` unless cluster-scoped). */
export function namespaceOf(obj: KubeObject): string | undefined {
  return effectiveNamespace({ kind: obj.kind, namespace: obj.metadata?.namespace });
}

export function nameOf(obj: KubeObject): string {
  const m = obj.metadata ?? {};
  if (typeof m.name === 'string' && m.name) return m.name;
  if (typeof m.generateName === 'string' && m.generateName) return `${m.generateName}*`;
  return '(unnamed)';
}

/** A node key for an object: `obj|` and the object's key (other nodes, such as hardware rows, have other prefixes). */
export function nodeKeyOf(group: string, kind: string, namespace: string | undefined, name: string): string {
  return `obj|${keyOf({ group, kind, namespace, name })}`;
}

/** Which role a Kubernetes kind plays. */
export function roleOf(group: string, kind: string): NodeRole {
  if (kind === 'Cluster' && (group === 'cluster.x-k8s.io' || group === 'anywhere.eks.amazonaws.com')) return NodeRole.CLUSTER;
  if (group === 'controlplane.cluster.x-k8s.io') return NodeRole.CONTROL_PLANE;
  if (group === 'cluster.x-k8s.io' && ['MachineDeployment', 'MachineSet', 'MachinePool', 'Machine'].includes(kind)) return NodeRole.WORKERS;
  if (kind.endsWith('Template')) return NodeRole.TEMPLATE;
  if (group === 'infrastructure.cluster.x-k8s.io' && kind.endsWith('Cluster')) return NodeRole.INFRASTRUCTURE;
  if (group === 'anywhere.eks.amazonaws.com') return NodeRole.PROVIDER;
  if (group === 'metallb.io' && kind === 'IPAddressPool') return NodeRole.ADDRESS_POOL;
  if (group === 'metal3.io' && kind === 'BareMetalHost') return NodeRole.HOST;
  if (group === '' && kind === 'Secret') return NodeRole.SECRET;
  return NodeRole.OTHER;
}

export class GraphBuilder {
  readonly nodes = new Map<string, DraftNode>();
  readonly edges: DraftEdge[] = [];
  /** Problems that belong to no single node (duplicates). */
  readonly notes: string[] = [];
  private readonly byKindName = new Map<string, string[]>();

  /** Adds a node unless one with the key exists; returns the node with that key. */
  add(node: DraftNode): DraftNode {
    const existing = this.nodes.get(node.key);
    if (existing) return existing;
    this.nodes.set(node.key, node);
    return node;
  }

  /** Adds a Kubernetes object from the input. */
  addObject(object: KubeObject, source?: string): DraftNode {
    const group = groupOf(object);
    const kind = object.kind ?? '';
    const namespace = namespaceOf(object);
    const name = nameOf(object);
    const key = nodeKeyOf(group, kind, namespace, name);
    const existing = this.nodes.get(key);
    if (existing) {
      this.notes.push(`${kind} ${namespace ? `${namespace}/` : ''}${name} appears more than once in the input${source ? ` (again at ${source})` : ''}; drawn once`);
      return existing;
    }
    const node = this.add({
      key,
      kind,
      name,
      namespace,
      role: roleOf(group, kind),
      idHint: [kind, namespace, name].filter(Boolean).join('_'),
      details: [],
      status: NodeStatus.OK,
      source,
      homeNamespace: namespace,
      object,
    });
    const index = `${kind}|${namespace ?? ''}|${name}`;
    this.byKindName.set(index, [...(this.byKindName.get(index) ?? []), key]);
    return node;
  }

  edge(from: string, to: string, kind: EdgeKind, reason: string, warning = false): void {
    if (this.edges.some(e => e.from === from && e.to === to && e.reason === reason)) return;
    this.edges.push({ from, to, kind, reason, warning });
  }

  /**
   * The node a reference points at; a MISSING node when the input lacks it. `defaultGroup` is
   * the API group assumed when the reference names none.
   */
  resolve(ref: LooseRef | undefined, fromNamespace: string | undefined, defaultKind: string, defaultGroup: string): DraftNode | undefined {
    if (!ref || typeof ref !== 'object' || typeof ref.name !== 'string' || !ref.name) return undefined;
    const kind = typeof ref.kind === 'string' && ref.kind ? ref.kind : defaultKind;
    const namespace = typeof ref.namespace === 'string' && ref.namespace ? ref.namespace : fromNamespace;
    const group = typeof ref.apiGroup === 'string' ? ref.apiGroup
      : typeof ref.apiVersion === 'string' ? parseApiVersion(ref.apiVersion).group : undefined;
    const candidates = (this.byKindName.get(`${kind}|${namespace ?? ''}|${ref.name}`) ?? [])
      .map(k => this.nodes.get(k)!)
      .filter(n => group === undefined || groupOf(n.object!) === group);
    if (candidates.length) return candidates.sort((a, b) => (a.key < b.key ? -1 : 1))[0];
    const g = group ?? defaultGroup;
    return this.add({
      key: nodeKeyOf(g, kind, namespace, ref.name),
      kind,
      name: ref.name,
      namespace,
      role: roleOf(g, kind),
      idHint: [kind, namespace, ref.name].filter(Boolean).join('_'),
      details: [],
      status: NodeStatus.MISSING,
      note: 'not in the input',
      homeNamespace: namespace,
    });
  }

  /** Resolves and links in one step; missing targets make a warning edge. */
  link(from: DraftNode, ref: LooseRef | undefined, reason: string, defaultKind: string, defaultGroup: string,
    kind = EdgeKind.REFERENCE): DraftNode | undefined {
    const to = this.resolve(ref, from.namespace, defaultKind, defaultGroup);
    if (to) this.edge(from.key, to.key, kind, reason, to.status === NodeStatus.MISSING);
    return to;
  }

  /** Objects of a group and kind in the input (not embedded ones or missing placeholders), sorted by key. */
  objectsOf(group: string, kind: string): DraftNode[] {
    return [...this.nodes.values()]
      .filter(n => n.key.startsWith('obj|') && n.object && n.kind === kind && groupOf(n.object) === group)
      .sort((a, b) => (a.key < b.key ? -1 : 1));
  }
}
