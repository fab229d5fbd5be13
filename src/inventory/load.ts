// Reading an inventory: YAML with positions, the JSON Schema (ajv), hosts from hardware.csv-
// shaped files. Every problem is reported as `file:line path: message`.
import { dirname, resolve } from 'node:path';
import Ajv, { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { Document, LineCounter, isMap, isSeq } from 'yaml';
import { rolloutProblems } from './rollout-check';
import schema from './schema.json';
import { Inventory, InventoryCredentials } from './types';
import { BareMetalHostProps, HostRole } from '../baremetal/host';
import { InvalidInputError } from '../core/errors';
import { InputFileError, readInputFile } from '../core/read-file';
import { parseYamlDocument, yamlToJs } from '../core/safe-yaml';
import { HardwareMachine } from '../validate/eksa/hardware';
import { parseHardwareCsv } from '../validate/eksa/hardware-csv';

export interface InventoryProblem {
  readonly file: string;
  readonly line: number;
  /** Path inside the inventory, e.g. `clusters[0].hosts[1].bmcAddress`. */
  readonly path: string;
  readonly message: string;
}

export class InventoryError extends InvalidInputError {
  constructor(public readonly problems: readonly InventoryProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'InventoryError';
  }
}

export function formatProblem(p: InventoryProblem): string {
  return `${p.file}:${p.line}${p.path ? ` ${p.path}` : ''}: ${p.message}`;
}

/** Hosts of one cluster read from its hostsCsv (already mapped to the host model). */
export interface CsvHost {
  readonly props: Omit<BareMetalHostProps, 'credentials'> & { credentials?: InventoryCredentials };
  readonly line: number;
}

export interface LoadedInventory {
  readonly file: string;
  readonly inventory: Inventory;
  /** Hosts from CSV files, per cluster index. */
  readonly csvHosts: ReadonlyMap<number, CsvHost[]>;
  /** 1-based line of an inventory path (nearest existing ancestor). */
  lineOf(path: ReadonlyArray<string | number>): number;
}

let validator: ReturnType<Ajv['compile']> | undefined;
function validate(): ReturnType<Ajv['compile']> {
  if (!validator) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv, ['ipv4', 'ipv6']);
    validator = ajv.compile(schema);
  }
  return validator;
}

/** The JSON Schema of inventories, for editors and `synth --print-schema`. */
export const INVENTORY_SCHEMA: object = schema;

function pathString(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : String(p)), '');
}

function lineResolver(doc: Document, lc: LineCounter): (path: ReadonlyArray<string | number>) => number {
  return path => {
    for (let n = path.length; n >= 0; n--) {
      const node: any = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
      if (node?.range) return lc.linePos(node.range[0]).line;
      // A scalar value of a pair: take the pair's key position.
      const parent: any = n > 0 ? (n === 1 ? doc.contents : doc.getIn(path.slice(0, n - 1), true)) : undefined;
      if (isMap(parent)) {
        const pair: any = parent.items.find((i: any) => i.key?.value === path[n - 1]);
        if (pair?.key?.range) return lc.linePos(pair.key.range[0]).line;
      } else if (isSeq(parent) && typeof path[n - 1] === 'number') {
        const item: any = parent.items[path[n - 1] as number];
        if (item?.range) return lc.linePos(item.range[0]).line;
      }
    }
    return 1;
  };
}

function describe(e: ErrorObject): { path: Array<string | number>; message: string } {
  const path: Array<string | number> = e.instancePath.split('/').slice(1)
    .map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map(s => (/^\d+$/.test(s) ? Number(s) : s));
  const p = e.params as any;
  switch (e.keyword) {
    case 'required': return { path, message: `${p.missingProperty} is required` };
    case 'additionalProperties': return { path: [...path, p.additionalProperty], message: `unknown field "${p.additionalProperty}"` };
    case 'enum': return { path, message: `must be one of ${p.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}` };
    case 'const': return { path, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'type': return { path, message: `must be ${p.type}` };
    case 'pattern':
      if (e.instancePath === '/rollout/soak') return { path, message: 'must be a duration such as 30s, 10m or 1h30m' };
      return { path, message: `does not match ${p.pattern}` };
    case 'format': return { path, message: `must be an ${p.format} address` };
    case 'oneOf':
      if (/^\/rollout\/waves\/\d+$/.test(e.instancePath)) return { path, message: 'must be a cluster count (1 or more) or a share of the fleet such as "10%"' };
      if (e.instancePath === '/rollout/maxFailures') return { path, message: 'must be a count (0 or more) or a share of the fleet such as "5%"' };
      return { path, message: 'must be exactly one of: {secretName}, {usernameVar, passwordVar}, {username, password}' };
    default: return { path, message: e.message ?? 'invalid' };
  }
}

function netmaskPrefix(mask: string): number | undefined {
  const parts = mask.split('.').map(Number);
  if (parts.length !== 4 || parts.some(p => !Number.isInteger(p) || p < 0 || p > 255)) return undefined;
  const bits = parts.map(p => p.toString(2).padStart(8, '0')).join('');
  return /^1*0*$/.test(bits) ? bits.indexOf('0') === -1 ? 32 : bits.indexOf('0') : undefined;
}

const PLACEHOLDER = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** A hardware.csv row as a host of the shared model. */
export function hostFromHardware(m: HardwareMachine, opts: { bmcScheme?: string; bmcPath?: string } = {}): CsvHost['props'] {
  const { type, ...labels } = m.labels ?? {};
  const role = type === 'cp' || type === 'control-plane' ? HostRole.CONTROL_PLANE : type === 'worker' ? HostRole.WORKER : undefined;
  const prefix = netmaskPrefix(m.netmask);
  let credentials: InventoryCredentials | undefined;
  if (m.bmcUsername !== undefined && m.bmcPassword !== undefined) {
    const u = PLACEHOLDER.exec(m.bmcUsername);
    const p = PLACEHOLDER.exec(m.bmcPassword);
    credentials = u && p ? { usernameVar: u[1], passwordVar: p[1] } : { username: m.bmcUsername, password: m.bmcPassword };
  }
  return {
    name: m.hostname,
    role,
    bootMacAddress: m.mac,
    bmcAddress: `${opts.bmcScheme ?? 'redfish-virtualmedia'}://${m.bmcIp ?? ''}${opts.bmcPath ?? '/redfish/v1/Systems/1'}`,
    credentials,
    labels: Object.keys(labels).length ? labels : undefined,
    rootDeviceHints: m.disk ? { deviceName: m.disk } : undefined,
    network: {
      ipv4: { address: `${m.ipAddress}/${prefix ?? 24}`, gateway: m.gateway || undefined },
      nameservers: m.nameservers?.length ? [...m.nameservers] : undefined,
      vlanId: m.vlanId,
    },
  };
}

/**
 * Loads and checks an inventory file (YAML); throws InventoryError with every problem found, and
 * InputFileError when the inventory itself cannot be read (not a regular file, too large, …).
 */
export function loadInventory(file: string, text = readInputFile(file)): LoadedInventory {
  const yaml = parseYamlDocument(text, { prettyErrors: false, uniqueKeys: true });
  const lc = yaml.lineCounter;
  if (yaml.tooBig) throw new InventoryError([{ file, path: '', line: yaml.tooBig.line, message: yaml.tooBig.message }]);
  const doc = yaml.docs[0];
  if (doc.errors.length) {
    throw new InventoryError(doc.errors.map(e => ({ file, line: lc.linePos(e.pos[0]).line, path: '', message: `YAML: ${e.message.split('\n')[0]}` })));
  }
  const lineOf = lineResolver(doc, lc);
  const js = yamlToJs(doc, lc);
  if (js.problem) throw new InventoryError([{ file, path: '', line: js.problem.line, message: js.problem.message }]);
  const data = js.value;
  const v = validate();
  if (!v(data)) {
    const seen = new Set<string>();
    const problems: InventoryProblem[] = [];
    for (const e of v.errors ?? []) {
      // if/then/else and oneOf branches produce noise next to their summary.
      if (e.keyword === 'if' || (e.schemaPath.includes('/oneOf/') && e.keyword !== 'oneOf')) continue;
      const d = describe(e);
      const p: InventoryProblem = { file, line: lineOf(d.path), path: pathString(d.path), message: d.message };
      const k = `${p.path}|${p.message}`;
      if (!seen.has(k)) {
        seen.add(k);
        problems.push(p);
      }
    }
    throw new InventoryError(problems);
  }
  const inventory = data as Inventory;
  const csvHosts = new Map<number, CsvHost[]>();
  const problems: InventoryProblem[] = [];
  inventory.clusters.forEach((c, i) => {
    if (!c.hostsCsv) return;
    const csvPath = resolve(dirname(file), c.hostsCsv.file);
    let csvText: string;
    try {
      csvText = readInputFile(csvPath);
    } catch (e) {
      if (!(e instanceof InputFileError)) throw e;
      problems.push({ file, line: lineOf(['clusters', i, 'hostsCsv', 'file']), path: `clusters[${i}].hostsCsv.file`, message: e.message });
      return;
    }
    const parsed = parseHardwareCsv(csvText, c.hostsCsv.file);
    for (const f of parsed.findings.filter(x => x.severity === 'error')) {
      problems.push({ file: f.file, line: f.line, path: f.column ? `column ${f.column}` : '', message: f.message });
    }
    csvHosts.set(i, parsed.machines.map((m, j) => ({ props: hostFromHardware(m, c.hostsCsv), line: j + 2 })));
  });
  const names = new Map<string, number>();
  inventory.clusters.forEach((c, i) => {
    const prior = names.get(c.name);
    if (prior !== undefined) problems.push({ file, line: lineOf(['clusters', i, 'name']), path: `clusters[${i}].name`, message: `cluster ${c.name} is already defined at clusters[${prior}]` });
    names.set(c.name, i);
  });
  for (const r of rolloutProblems(inventory.rollout, inventory.clusters.length)) {
    problems.push({ file, line: lineOf(r.path), path: pathString(r.path), message: r.message });
  }
  if (problems.length) throw new InventoryError(problems);
  return { file, inventory, lineOf: lazyLineResolver(text), csvHosts };
}

/**
 * Lines for problems found after loading (by the constructs, across clusters): the text is parsed
 * again on the first one. Keeping the syntax tree instead held ~170 MB for the whole synth of a
 * 10,000-site inventory, for lines that a clean inventory never asks for.
 */
function lazyLineResolver(text: string): (path: ReadonlyArray<string | number>) => number {
  let resolver: ((path: ReadonlyArray<string | number>) => number) | undefined;
  return path => {
    if (!resolver) {
      const again = parseYamlDocument(text, { prettyErrors: false, uniqueKeys: true });
      resolver = lineResolver(again.docs[0], again.lineCounter);
    }
    return resolver(path);
  };
}
