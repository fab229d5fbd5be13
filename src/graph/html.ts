// One self-contained HTML page: the SVG inline, the warnings as a list, and the Mermaid source
// in a <details> block. No scripts, no external styles or fonts: it works offline and from file://.
import { renderMermaid } from './mermaid';
import { TopologyGraph } from './model';
import { renderSvg } from './svg';
import { escapeXml as x } from './xml';

export interface HtmlOptions {
  /** Page title and heading. @default 'cdk8s-capi topology' */
  readonly title?: string;
}

export function renderHtml(graph: TopologyGraph, opts: HtmlOptions = {}): string {
  const title = opts.title ?? 'cdk8s-capi topology';
  const svg = renderSvg(graph, { title, xmlDeclaration: false }).trimEnd();
  const mermaid = renderMermaid(graph);
  const warnings = graph.warnings.length
    ? `<section class="warnings"><h2>Warnings (${graph.warnings.length})</h2>\n<ul>\n${graph.warnings.map(w => `<li>${x(w)}</li>`).join('\n')}\n</ul></section>`
    : '<p class="ok">No warnings.</p>';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="cdk8s-capi graph">
<title>${x(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #0f172a; }
h1 { font-size: 1.3rem; margin: 0 0 0.3rem; }
h2 { font-size: 1.05rem; margin: 1rem 0 0.3rem; }
.summary { color: #475569; margin: 0 0 1rem; }
.warnings li { color: #9a3412; }
.ok { color: #166534; }
figure { margin: 0; overflow-x: auto; border: 1px solid #e2e8f0; border-radius: 6px; }
figure svg { display: block; }
details { margin-top: 1rem; }
pre { background: #f8fafc; border: 1px solid #e2e8f0; padding: 0.8rem; overflow-x: auto; font-size: 12px; }
</style>
</head>
<body>
<h1>${x(title)}</h1>
<p class="summary">${graph.nodes.length} nodes, ${graph.edges.length} edges. Hover a box for its details and source file.</p>
<figure>
${svg}
</figure>
${warnings}
<details>
<summary>Mermaid source</summary>
<pre><code>${x(mermaid)}</code></pre>
</details>
</body>
</html>
`;
}
