// Manifests (and optionally hardware.csv machines) → the topology graph: objects and derived
// nodes, edges, then groups by ownership (what a cluster reaches through references belongs
// to it; hosts, Secrets and hardware stay with their namespace or file), stable ids and order.
import { DraftNode, GraphBuilder } from './builder';
import { addCapiEdges } from './capi';
import { addEksaEdges } from './eksa';
import {
  EdgeKind, GraphEdge, GraphGroup, GraphNode, GroupKind, NodeRole, NodeStatus, ROLE_ORDER, TopologyGraph, slug,
} from './model';
import { VipIndex } from './vips';
import type { KubeObject } from '../core/kube-object';
import { HardwareMachine } from '../validate/eksa/hardware';

export interface TopologyInput {
  /** Management-cluster manifests, ours or hand-written. */
  readonly objects: readonly KubeObject[];
  /** hardware.csv machines, matched against Tinkerbell hardwareSelectors. @default - none */
  readonly hardware?: readonly HardwareMachine[];
  /** Where an object came from (`file:line`). @default - unknown */
  readonly sourceOf?: (o: KubeObject) => string | undefined;
}

/** Edges a cluster owns its targets through (selection and credentials do not make ownership). */
const OWNING = new Set([EdgeKind.REFERENCE, EdgeKind.MEMBER, EdgeKind.EMBEDS, EdgeKind.ADDRESS, EdgeKind.ENDPOINT, EdgeKind.SELECTS_NOTHING]);

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildTopology(input: TopologyInput): TopologyGraph {
  const b = new GraphBuilder();
  const byObject = new Map<KubeObject, DraftNode>();
  for (const o of input.objects) byObject.set(o, b.addObject(o, input.sourceOf?.(o)));
  const objectNodes = [...new Set(byObject.values())].sort(byKey);
  const vips = new VipIndex(b, objectNodes.map(n => n.object!), o => byObject.get(o)!);
  addCapiEdges(b, objectNodes, vips);
  addEksaEdges(b, objectNodes, vips, input.hardware);
  markUnselected(b);
  return finish(b);
}

/** Hosts and hardware rows that no selector picks. */
function markUnselected(b: GraphBuilder): void {
  const selected = new Set(b.edges.filter(e => e.kind === EdgeKind.SELECTS).map(e => e.to));
  for (const n of b.nodes.values()) {
    if ((n.role !== NodeRole.HOST && n.role !== NodeRole.HARDWARE) || selected.has(n.key) || n.status !== NodeStatus.OK) continue;
    n.status = NodeStatus.WARNING;
    n.note = n.role === NodeRole.HOST ? 'no hostSelector in the input picks it' : 'no hardwareSelector in the input picks it';
  }
}

function clusterGroupLabel(n: DraftNode): string {
  return n.key.startsWith('obj|anywhere.eks.amazonaws.com/') ? `EKS-A Cluster ${n.name}` : `Cluster ${n.name}`;
}

function finish(b: GraphBuilder): TopologyGraph {
  const drafts = [...b.nodes.values()].sort(byKey);
  const out = new Map<string, DraftEdge[]>();
  for (const e of b.edges) out.set(e.from, [...(out.get(e.from) ?? []), e]);

  // Ownership: breadth-first from each cluster, first cluster (by key) wins a shared node.
  const clusters = drafts.filter(n => n.role === NodeRole.CLUSTER);
  const owner = new Map<string, DraftNode>();
  for (const c of clusters) {
    owner.set(c.key, c);
    const queue = [c.key];
    while (queue.length) {
      const k = queue.shift()!;
      for (const e of out.get(k) ?? []) {
        const t = b.nodes.get(e.to)!;
        if (!OWNING.has(e.kind) || owner.has(e.to) || t.role === NodeRole.CLUSTER || t.fixedGroup) continue;
        owner.set(e.to, c);
        queue.push(e.to);
      }
    }
  }

  // Groups: namespaces (sorted, cluster-scoped last), their clusters, then hardware files.
  const nsKey = (ns: string | undefined) => (ns === undefined ? '\uffff' : ns);
  const nsGroupId = (ns: string | undefined) => (ns === undefined ? 'grp_cluster_scoped' : slug(`grp_ns_${ns}`));
  const namespaces = new Set<string | undefined>();
  const groupKeyOf = new Map<string, string>();
  for (const n of drafts) {
    const o = owner.get(n.key);
    if (n.fixedGroup) groupKeyOf.set(n.key, n.fixedGroup.id);
    else if (o) groupKeyOf.set(n.key, `cluster|${o.key}`);
    else groupKeyOf.set(n.key, `ns|${n.homeNamespace ?? ''}`);
    if (!n.fixedGroup) namespaces.add((o ?? n).homeNamespace);
  }
  const groups: GraphGroup[] = [];
  const groupIdOf = new Map<string, string>();
  const used = new Set<string>();
  const unique = (id: string) => {
    let u = id;
    for (let i = 2; used.has(u); i++) u = `${id}_${i}`;
    used.add(u);
    return u;
  };
  for (const ns of [...namespaces].sort((x, y) => cmp(nsKey(x), nsKey(y)))) {
    const nsId = unique(nsGroupId(ns));
    groups.push({ id: nsId, kind: GroupKind.NAMESPACE, label: ns === undefined ? 'cluster-scoped' : `namespace ${ns}` });
    groupIdOf.set(`ns|${ns ?? ''}`, nsId);
    for (const c of clusters.filter(x => x.homeNamespace === ns)) {
      const id = unique(slug(`grp_${c.idHint}`));
      groups.push({ id, kind: GroupKind.CLUSTER, label: clusterGroupLabel(c), parent: nsId });
      groupIdOf.set(`cluster|${c.key}`, id);
    }
  }
  const files = new Map<string, string>();
  for (const n of drafts) if (n.fixedGroup) files.set(n.fixedGroup.id, n.fixedGroup.label);
  for (const [key, label] of [...files].sort((x, y) => cmp(x[0], y[0]))) {
    const id = unique(slug(`grp_${key}`));
    groups.push({ id, kind: GroupKind.HARDWARE, label });
    groupIdOf.set(key, id);
  }

  // Node ids from their hints, collisions numbered in key order; group ids are reserved first.
  const idOf = new Map<string, string>();
  for (const n of [...drafts].sort((x, y) => cmp(x.idHint, y.idHint) || byKey(x, y))) idOf.set(n.key, unique(slug(n.idHint)));

  // Node order follows drawing order: a namespace's clusters before the namespace's own nodes.
  const groupIndex = new Map<string, number>();
  const rank = (g: GraphGroup) => {
    for (const c of groups.filter(x => x.parent === g.id)) rank(c);
    groupIndex.set(g.id, groupIndex.size);
  };
  for (const g of groups.filter(x => x.parent === undefined)) rank(g);
  const nodes: GraphNode[] = drafts.map(n => ({
    id: idOf.get(n.key)!,
    kind: n.kind,
    name: n.name,
    namespace: n.namespace,
    label: `${n.kind} ${n.name}`,
    details: [...n.details],
    role: n.role,
    status: n.status,
    note: n.note,
    group: groupIdOf.get(groupKeyOf.get(n.key)!)!,
    source: n.source,
  }));
  nodes.sort((x, y) => groupIndex.get(x.group)! - groupIndex.get(y.group)!
    || ROLE_ORDER.indexOf(x.role) - ROLE_ORDER.indexOf(y.role)
    || cmp(x.kind, y.kind) || cmp(x.namespace ?? '', y.namespace ?? '') || cmp(x.name, y.name) || cmp(x.id, y.id));
  const order = new Map(nodes.map((n, i) => [n.id, i]));
  const edges: GraphEdge[] = b.edges.map(e => ({ from: idOf.get(e.from)!, to: idOf.get(e.to)!, kind: e.kind, reason: e.reason, warning: e.warning }));
  edges.sort((x, y) => order.get(x.from)! - order.get(y.from)! || order.get(x.to)! - order.get(y.to)! || cmp(x.reason, y.reason));

  const byId = new Map(nodes.map(n => [n.id, n]));
  const warningOf = new Map(drafts.filter(d => d.warning).map(d => [idOf.get(d.key)!, d.warning!]));
  const warnings: string[] = [];
  for (const n of nodes) {
    const where = n.namespace ? `${n.kind} ${n.namespace}/${n.name}` : n.label;
    if (n.status === NodeStatus.WARNING) warnings.push(warningOf.get(n.id) ?? `${where}: ${n.note}`);
    if (n.status === NodeStatus.MISSING) {
      const by = edges.filter(e => e.to === n.id).map(e => `${byId.get(e.from)!.label} (${e.reason})`);
      warnings.push(`${where}: not in the input${by.length ? `; referenced by ${by.join(', ')}` : ''}`);
    }
  }
  warnings.push(...b.notes);
  return { nodes, edges, groups, warnings };
}

type DraftEdge = GraphBuilder['edges'][number];
