// `cdk8s-capi/graph`: the topology of manifests (clusters, hosts, selectors, templates, VIPs)
// and its Mermaid, SVG and HTML renderings.
export { buildTopology, TopologyInput } from './topology';
export { TopologyGraph, GraphNode, GraphEdge, GraphGroup, NodeRole, NodeStatus, EdgeKind, GroupKind } from './model';
export { renderMermaid } from './mermaid';
export { renderSvg, SvgOptions } from './svg';
export { renderHtml, HtmlOptions } from './html';
