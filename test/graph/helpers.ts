// Loading example manifests into a topology graph, and finding nodes and edges by name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { KubeObject } from '../../src/core/kube-object';
import { GraphEdge, GraphNode, TopologyGraph } from '../../src/graph/model';
import { buildTopology } from '../../src/graph/topology';
import { parseHardwareCsv } from '../../src/validate/eksa/hardware-csv';
import { loadManifests } from '../../src/validate/manifest-files';

export const ROOT = join(__dirname, '..', '..');
export const REFERENCE_DIR = join('dist', 'reference-multinode');
export const TINKERBELL_DIR = join('dist', 'eksa-tinkerbell');

/** The graph of a directory under the repository root, hardware.csv files included. */
export function graphOfDir(dir: string): TopologyGraph {
  const loaded = loadManifests([join(ROOT, dir)]);
  if (loaded.problems.length) throw new Error(JSON.stringify(loaded.problems));
  const hardware = loaded.otherFiles.flatMap(f => parseHardwareCsv(readFileSync(f, 'utf8'), f.slice(ROOT.length + 1)).machines);
  return buildTopology({ objects: loaded.manifests.map(m => m.object), hardware: hardware.length ? hardware : undefined });
}

export function objects(yaml: string): KubeObject[] {
  return parseAllDocuments(yaml).map(d => d.toJS()).filter(Boolean);
}

export function graphOf(yaml: string): TopologyGraph {
  return buildTopology({ objects: objects(yaml) });
}

export function node(g: TopologyGraph, kind: string, name: string): GraphNode {
  const hits = g.nodes.filter(n => n.kind === kind && n.name === name);
  if (hits.length !== 1) throw new Error(`${hits.length} nodes ${kind} ${name}; have ${g.nodes.map(n => n.label).join(', ')}`);
  return hits[0];
}

/** Edges as `fromLabel -[reason]-> toLabel` lines, for readable assertions. */
export function edgeLines(g: TopologyGraph, filter: (e: GraphEdge) => boolean = () => true): string[] {
  const byId = new Map(g.nodes.map(n => [n.id, n]));
  return g.edges.filter(filter).map(e => `${byId.get(e.from)!.label} -[${e.reason}]-> ${byId.get(e.to)!.label}${e.warning ? ' (warning)' : ''}`);
}

export function edgesInto(g: TopologyGraph, n: GraphNode): GraphEdge[] {
  return g.edges.filter(e => e.to === n.id);
}
