import { REFERENCE_DIR, TINKERBELL_DIR, graphOf, graphOfDir } from './helpers';
import { checkWellFormedXml, decodeXml } from './xml-well-formed';
import { renderHtml } from '../../src/graph/html';
import { renderMermaid } from '../../src/graph/mermaid';
import { NodeStatus } from '../../src/graph/model';
import { renderSvg } from '../../src/graph/svg';

describe('the XML well-formedness check itself', () => {
  test('accepts a small document and lists its elements', () => {
    expect(checkWellFormedXml('<?xml version="1.0"?>\n<a x="1" y=\'&amp;\'><!-- c --><b/>t&lt;<c>&#233;</c></a>\n')).toEqual(['a', 'b', 'c']);
  });

  test.each([
    ['<a><b></a></b>', /closes/],
    ['<a>', /unclosed/],
    ['<a x=1/>', /unquoted/],
    ['<a x="1" x="2"/>', /duplicate/],
    ['<a>&nbsp;</a>', /bad entity/],
    ['<a>1 < 2</a>', /bad start tag|raw/],
    ['<a/><b/>', /second root/],
    ['<a x="<"/>', /raw "<"/],
    ['text<a/>', /outside the root/],
  ])('rejects %s', (xml, message) => {
    expect(() => checkWellFormedXml(xml)).toThrow(message);
  });
});

describe('SVG output', () => {
  test.each([REFERENCE_DIR, TINKERBELL_DIR])('%s: well-formed XML with one node group per node, its label and its lines', dir => {
    const g = graphOfDir(dir);
    const svg = renderSvg(g);
    const elements = checkWellFormedXml(svg);
    expect(elements[0]).toBe('svg');
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" ')).toBe(true);
    const text = decodeXml(svg);
    for (const n of g.nodes) {
      const group = new RegExp(`<g id="${n.id}" class="node role-${n.role} status-${n.status}"><title>([^<]*)</title>`).exec(svg);
      expect(group).not.toBeNull();
      expect(decodeXml(group![1]).split('\n')[0]).toBe(n.label);
      expect(text).toContain(`>${n.kind}</tspan>`);
      expect(text).toContain(`>${n.name}</tspan>`);
      for (const d of n.details) expect(text).toContain(`>${d}</tspan>`);
    }
    expect(svg.match(/<g class="edge /g)).toHaveLength(g.edges.length);
    for (const e of g.edges) expect(text).toContain(`>${e.reason}</text>`);
    expect(svg).not.toMatch(/<script|<style|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  test('warnings are drawn distinctly: dashed orange boxes and edges, with the note in the box', () => {
    const g = graphOfDir(REFERENCE_DIR);
    const svg = renderSvg(g);
    const sel = g.nodes.find(n => n.status === NodeStatus.WARNING)!;
    const box = new RegExp(`<g id="${sel.id}" class="node role-selector status-warning"><title>[^<]*</title><rect [^>]*stroke="#d97706" stroke-width="2.5" stroke-dasharray="6 3"/>`).exec(svg);
    expect(box).not.toBeNull();
    expect(decodeXml(svg)).toContain('>⚠ picks no BareMetalHost</tspan>');
    expect(svg).toMatch(new RegExp(`<g class="edge edge-selects-nothing edge-warning" data-from="[A-Za-z0-9_]+" data-to="${sel.id}">.*stroke="#d97706" stroke-width="2.2" stroke-dasharray="6 4" marker-end="url\\(#arrow-d97706\\)"`));
    // An ok host is solid.
    expect(svg).toMatch(/<g id="BareMetalHost_default_node1_example" class="node role-host status-ok"><title>[^<]*<\/title><rect [^>]*stroke="#334155" stroke-width="1.2"\/>/);
  });

  test('hostile names are escaped and stay well-formed', () => {
    const g = graphOf('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "a<b>&\\"c\'"\n  labels: {x: "</svg>"}\n');
    const svg = renderSvg(g, { title: 'T & <T>' });
    checkWellFormedXml(svg);
    expect(decodeXml(svg)).toContain('>a<b>&"c\'</tspan>');
    expect(svg).toContain('<title>T &amp; &lt;T&gt;</title>');
  });

  test('deterministic bytes', () => {
    expect(renderSvg(graphOfDir(REFERENCE_DIR))).toBe(renderSvg(graphOfDir(REFERENCE_DIR)));
  });
});

describe('HTML output', () => {
  const g = graphOfDir(REFERENCE_DIR);
  const html = renderHtml(g, { title: 'Topology of multinode-cluster' });

  test('a standalone page: inline SVG, warnings, the Mermaid source in <details>, nothing fetched', () => {
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>Topology of multinode-cluster</title>');
    expect(html).not.toMatch(/<script|<link|@import|url\(http|src=/i);
    expect(html.match(/https?:\/\/[^"\s<]+/g)).toEqual(['http://www.w3.org/2000/svg']);
    const svg = html.slice(html.indexOf('<svg '), html.indexOf('</svg>') + 6);
    expect(checkWellFormedXml(svg)[0]).toBe('svg');
    expect(html).not.toContain('<?xml');
    const details = /<details>\n<summary>Mermaid source<\/summary>\n<pre><code>([^<]*)<\/code><\/pre>\n<\/details>/.exec(html);
    expect(details).not.toBeNull();
    expect(decodeXml(details![1])).toBe(renderMermaid(g));
    expect(html).toContain('<h2>Warnings (1)</h2>');
    expect(html).toContain('<li>Metal3MachineTemplate default/multinode-cluster-workers-f8d8a370: hostSelector cluster-role=worker picks no BareMetalHost in the input</li>');
  });

  test('no warnings section when there is nothing to warn about', () => {
    const ok = renderHtml(graphOfDir(TINKERBELL_DIR));
    expect(ok).toContain('<p class="ok">No warnings.</p>');
    expect(ok).not.toContain('<h2>Warnings');
  });
});
