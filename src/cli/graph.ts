// `cdk8s-capi graph PATH… [-o FILE] [--format mermaid|svg|html]`: a picture of the topology
// read from manifests (ours or hand-written) and hardware.csv files. Mermaid on stdout by
// default; -o picks the format from the file extension unless --format says otherwise.
import { writeFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { CliIo } from './io';
import { ExitCode, FileError, UsageError } from '../core/errors';
import { Severity } from '../core/finding';
import type { KubeObject } from '../core/kube-object';
import { describeFsError, readInputFile } from '../core/read-file';
import { renderHtml } from '../graph/html';
import { renderMermaid } from '../graph/mermaid';
import { NodeRole, NodeStatus, TopologyGraph } from '../graph/model';
import { renderSvg } from '../graph/svg';
import { buildTopology } from '../graph/topology';
import { HardwareMachine } from '../validate/eksa/hardware';
import { describeHardwareCsvFinding, parseHardwareCsv } from '../validate/eksa/hardware-csv';
import { LoadedManifest, loadManifests } from '../validate/manifest-files';

export enum GraphFormat {
  MERMAID = 'mermaid',
  SVG = 'svg',
  HTML = 'html',
}

const EXTENSIONS: Record<string, GraphFormat> = {
  '.mmd': GraphFormat.MERMAID,
  '.mermaid': GraphFormat.MERMAID,
  '.svg': GraphFormat.SVG,
  '.html': GraphFormat.HTML,
  '.htm': GraphFormat.HTML,
};

/** --format wins; else the extension of -o; else Mermaid. */
export function graphFormatFor(output: string | undefined, format: string | undefined): GraphFormat {
  if (format) return format as GraphFormat;
  if (!output || output === '-') return GraphFormat.MERMAID;
  const f = EXTENSIONS[extname(output).toLowerCase()];
  if (!f) throw new UsageError(`cannot tell the format from ${JSON.stringify(output)}: use a .mmd, .svg or .html file, or --format mermaid|svg|html`);
  return f;
}

export interface GraphInput {
  readonly graph?: TopologyGraph;
  /** Input problems (`file:line message`): YAML errors, bad hardware.csv rows, unsupported files. */
  readonly errors: string[];
  /** Non-fatal input remarks (hardware.csv warnings). */
  readonly remarks: string[];
}

/** Loads the paths and builds the graph; input problems are returned, I/O problems throw (FileError). */
export function graphFromPaths(paths: readonly string[], io: Pick<CliIo, 'stdin'>): GraphInput {
  const loaded = loadManifests(paths, { stdin: io.stdin });
  const errors = loaded.problems.map(p => `${p.file}:${p.line} ${p.message}`);
  const remarks: string[] = [];
  const hardware: HardwareMachine[] = [];
  for (const file of loaded.otherFiles) {
    if (!/\.csv$/i.test(file)) {
      errors.push(`${file}:1 not a YAML manifest or a hardware.csv file`);
      continue;
    }
    const r = parseHardwareCsv(readInputFile(file), file);
    for (const f of r.findings) (f.severity === Severity.ERROR ? errors : remarks).push(describeHardwareCsvFinding(f));
    hardware.push(...r.machines);
  }
  if (errors.length) return { errors, remarks };
  // kustomization.yaml and similar are build inputs, not cluster objects.
  const manifests = loaded.manifests.filter(m => !(m.object.apiVersion ?? '').startsWith('kustomize.config.k8s.io/'));
  if (!manifests.length && !hardware.length) return { errors: ['no Kubernetes objects or hardware.csv machines in the input'], remarks };
  const byObject = new Map<KubeObject, LoadedManifest>(manifests.map(m => [m.object, m]));
  const graph = buildTopology({
    objects: manifests.map(m => m.object),
    hardware: hardware.length ? hardware : undefined,
    sourceOf: o => {
      const m = byObject.get(o);
      return m ? `${m.file}:${m.line}` : undefined;
    },
  });
  return { graph, errors, remarks };
}

export function graphTitle(graph: TopologyGraph): string {
  const clusters = graph.nodes.filter(n => n.role === NodeRole.CLUSTER && n.status !== NodeStatus.MISSING).map(n => n.name);
  return clusters.length ? `Topology of ${clusters.join(', ')}` : 'cdk8s-capi topology';
}

export function renderGraph(graph: TopologyGraph, format: GraphFormat): string {
  switch (format) {
    case GraphFormat.SVG: return renderSvg(graph, { title: graphTitle(graph) });
    case GraphFormat.HTML: return renderHtml(graph, { title: graphTitle(graph) });
    default: return renderMermaid(graph);
  }
}

export function registerGraph(program: Command, io: CliIo, setExit: (code: ExitCode) => void): void {
  program.command('graph')
    .description('Draw the topology in manifests (ours or hand-written): clusters, control planes, MachineDeployments, templates, BareMetalHosts and the hostSelectors that pick them, BMC Secrets, VIPs, EKS-A provider objects and hardware.csv machines')
    .argument('<paths...>', 'files or directories of YAML manifests (and hardware.csv files); - reads stdin')
    .option('-o, --output <file>', 'write to a file instead of stdout; .mmd, .svg or .html picks the format')
    .addOption(new Option('--format <format>', 'output format (default: from --output, else mermaid)').choices(Object.values(GraphFormat)))
    .addHelpText('after', `
Examples:
  $ cdk8s-capi graph dist/reference-multinode
  $ cdk8s-capi graph dist/reference-multinode -o topology.html
  $ cdk8s-capi graph dist/eksa-tinkerbell/metal-eks-a-cluster.yaml dist/eksa-tinkerbell/hardware.csv -o metal.svg
  $ envsubst < capi-provisioning-example.yaml | cdk8s-capi graph - --format svg > cluster.svg

Warnings (hosts no hostSelector picks, selectors that pick nothing, missing references) are
drawn dashed orange and listed on stderr; they do not change the exit code.

Exit codes: 0 drawn, 1 invalid input (YAML or hardware.csv errors, nothing to draw), 2 usage or I/O error.`)
    .action((paths: string[], opts: { output?: string; format?: string }) => {
      const format = graphFormatFor(opts.output, opts.format);
      const input = graphFromPaths(paths, io);
      for (const r of input.remarks) io.err(`warning: ${r}\n`);
      if (!input.graph) {
        for (const e of input.errors) io.err(`${e}\n`);
        io.err(`error: ${input.errors.length} problem${input.errors.length === 1 ? '' : 's'} in the input; nothing drawn\n`);
        setExit(ExitCode.INVALID);
        return;
      }
      const graph = input.graph;
      const text = renderGraph(graph, format);
      for (const w of graph.warnings) io.err(`warning: ${w}\n`);
      if (opts.output && opts.output !== '-') {
        try {
          writeFileSync(resolve(io.cwd, opts.output), text);
        } catch (e) {
          throw new FileError(`cannot write ${opts.output}: ${describeFsError(e)}`);
        }
        io.err(`wrote ${opts.output} (${format}: ${graph.nodes.length} nodes, ${graph.edges.length} edges)\n`);
      } else {
        io.out(text);
      }
      setExit(ExitCode.OK);
    });
}
