// The topology picture as data: nodes (objects, VIPs, hardware rows, selectors that pick
// nothing), typed edges with a reason, and nested groups (namespace → cluster). Renderers
// (Mermaid, SVG, HTML) only read this; nothing here knows about output formats.

/** What a node stands for in the picture (drives shape, colour and row order). */
export enum NodeRole {
  CLUSTER = 'cluster',
  INFRASTRUCTURE = 'infrastructure',
  CONTROL_PLANE = 'control-plane',
  WORKERS = 'workers',
  TEMPLATE = 'template',
  PROVIDER = 'provider',
  ADDRESS_POOL = 'address-pool',
  VIP = 'vip',
  HOST = 'host',
  HARDWARE = 'hardware',
  SECRET = 'secret',
  /** A placeholder for a selector that picks nothing. */
  SELECTOR = 'selector',
  OTHER = 'other',
}

/** Drawing order of roles inside a group. */
export const ROLE_ORDER: readonly NodeRole[] = Object.values(NodeRole);

export enum NodeStatus {
  OK = 'ok',
  /** Something to look at: a host no selector picks, a selector that picks nothing, an unannounced VIP. */
  WARNING = 'warning',
  /** Referenced but not in the input (may exist in the cluster already). */
  MISSING = 'missing',
}

export enum EdgeKind {
  /** A typed reference (infrastructureRef, dataTemplate, datacenterRef, …). */
  REFERENCE = 'reference',
  /** Membership by name (a MachineDeployment's clusterName, an EKS-A node group). */
  MEMBER = 'member',
  /** A label selector picks the target (hostSelector, hardwareSelector). */
  SELECTS = 'selects',
  /** A label selector picks nothing; the target is the selector placeholder. */
  SELECTS_NOTHING = 'selects-nothing',
  /** BMC credentials Secret. */
  CREDENTIALS = 'credentials',
  /** A manifest carried inside a Butane config. */
  EMBEDS = 'embeds',
  /** An address of a MetalLB pool. */
  ADDRESS = 'address',
  /** An endpoint address (controlPlaneEndpoint, EKS-A endpoint, tinkerbellIP). */
  ENDPOINT = 'endpoint',
}

export enum GroupKind {
  NAMESPACE = 'namespace',
  CLUSTER = 'cluster',
  HARDWARE = 'hardware',
}

export interface GraphNode {
  /** Deterministic, renderer-safe id (`[A-Za-z0-9_]+`), e.g. `BareMetalHost_default_node1_example`. */
  readonly id: string;
  /** Kubernetes kind, or `VIP`, `Hardware`, `Selector`, `WorkerNodeGroup`, … for derived nodes. */
  readonly kind: string;
  readonly name: string;
  /** @default - cluster-scoped or not a Kubernetes object */
  readonly namespace?: string;
  /** One line: `Kind name`. */
  readonly label: string;
  /** Extra lines shown under the name (labels, replicas, addresses). */
  readonly details: readonly string[];
  readonly role: NodeRole;
  readonly status: NodeStatus;
  /** Why the node is a warning or missing. @default - none */
  readonly note?: string;
  /** Id of the innermost group holding the node. */
  readonly group: string;
  /** Where the object came from (`file:line`). @default - unknown */
  readonly source?: string;
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: EdgeKind;
  /** Shown on the edge: `infrastructureRef`, `hostSelector cluster-role=control-plane`, `credentials`. */
  readonly reason: string;
  /** Drawn warning-styled (selects nothing, points at a missing object). */
  readonly warning: boolean;
}

export interface GraphGroup {
  readonly id: string;
  readonly kind: GroupKind;
  readonly label: string;
  /** @default - top level */
  readonly parent?: string;
}

export interface TopologyGraph {
  /** Sorted: by group in drawing order (a namespace's clusters before its own nodes), role, kind, namespace, name. */
  readonly nodes: readonly GraphNode[];
  /** Sorted by source node, target node, reason. */
  readonly edges: readonly GraphEdge[];
  /** Parents before children; namespaces by name, their clusters by name, hardware files last. */
  readonly groups: readonly GraphGroup[];
  /** One line per warning or missing node, in node order. */
  readonly warnings: readonly string[];
}

// Words Mermaid reads as syntax when used as a bare id.
const RESERVED = new Set(['end', 'graph', 'subgraph', 'flowchart', 'style', 'class', 'classdef', 'click', 'linkstyle', 'direction', 'default']);

/** `[A-Za-z0-9_]` only, starting with a letter, so every renderer can use it as an identifier. */
export function slug(text: string): string {
  const s = text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return !s || !/^[A-Za-z]/.test(s) || RESERVED.has(s.toLowerCase()) ? `n_${s}` : s;
}
