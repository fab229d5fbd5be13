// The reference chapter's manifests (../shared/reference/003_…txt), extracted from the prose,
// with its ${VARS} filled by the values the examples use — the input of the "equals the
// chapter except the documented corrections" tests.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { KubeObject } from '../../src/core/kube-object';

export const REFERENCE_DIR = join(__dirname, '..', '..', '..', 'shared', 'reference');

export const CHAPTER_VALUES: Record<string, string> = {
  EDGE_VIP_ADDRESS_IPV4: '192.168.125.100',
  EDGE_VIP_ADDRESS_IPV6: 'fd00:dead:beef::100',
  EDGE_VIP_ADDRESS: '192.168.125.100',
  INGRESS_IPV4: '192.168.125.101',
  INGRESS_IPV6: 'fd00:dead:beef::101',
  RKE2_VERSION: 'v1.36.3+rke2r1',
  BMC_NODE1_USERNAME: '${BMC_NODE1_USERNAME}',
  BMC_NODE1_PASSWORD: '${BMC_NODE1_PASSWORD}',
  BMC_NODE1_MAC: '0c:c4:7a:6b:00:01',
  BMC_NODE1_ADDRESS: 'redfish-virtualmedia://192.168.200.75/redfish/v1/Systems/1/',
};

export function chapterText(): string {
  const file = readdirSync(REFERENCE_DIR).find(f => f.startsWith('003_'));
  if (!file) throw new Error(`reference chapter 003_* not found in ${REFERENCE_DIR}`);
  return readFileSync(join(REFERENCE_DIR, file), 'utf8');
}

/** The YAML blocks of the chapter, in order, as text with ${VARS} filled (unknown ones kept). */
export function chapterBlocks(values: Record<string, string> = CHAPTER_VALUES): string[] {
  const lines = chapterText().split('\n');
  const blocks: string[] = [];
  let cur: string[] | undefined;
  const yamlLine = (l: string) => l === '' || /^\s/.test(l) || l === '---' || /^(apiVersion|kind|metadata|spec|type|data|stringData):/.test(l);
  for (const l of lines) {
    if (!cur && l.startsWith('apiVersion:')) cur = [];
    if (cur && !yamlLine(l)) {
      blocks.push(cur.join('\n').trimEnd());
      cur = undefined;
    }
    if (cur) cur.push(l);
  }
  if (cur) blocks.push(cur.join('\n').trimEnd());
  return blocks.map(b => b.replace(/\$\{([A-Z0-9_]+)\}/g, (m, v) => values[v] ?? m));
}

/** Every object of the chapter (the outer YAML parses; the embedded Butane may not). */
export function chapterObjects(values?: Record<string, string>): KubeObject[] {
  return chapterBlocks(values).flatMap(b => parseAllDocuments(b).map(d => {
    if (d.errors.length) throw new Error(`chapter block does not parse: ${d.errors[0].message}`);
    return d.toJS() as KubeObject;
  }));
}

/**
 * The inline manifest files of a Butane text, read tolerantly by indentation (the chapter's
 * control-plane config is not valid YAML, but each `inline: |` block still is).
 */
export function inlineFiles(butane: string): Map<string, KubeObject[]> {
  const out = new Map<string, KubeObject[]>();
  const lines = butane.split('\n');
  let path: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const p = /^\s*-?\s*path:\s*(\S+)/.exec(lines[i]);
    if (p) path = p[1];
    const m = /^(\s*)inline: \|/.exec(lines[i]);
    if (!m || !path) continue;
    const indent = m[1].length;
    const body: string[] = [];
    for (i++; i < lines.length && (lines[i].trim() === '' || lines[i].search(/\S/) > indent); i++) body.push(lines[i]);
    i--;
    const min = Math.min(...body.filter(l => l.trim()).map(l => l.search(/\S/)));
    const text = body.map(l => l.slice(min)).join('\n');
    out.set(path, parseAllDocuments(text).map(d => d.toJS() as KubeObject).filter(o => o && o.kind));
  }
  return out;
}
