// CRD-schema validation in process: every served version of every pinned CRD and every built-in
// kind of the pinned Kubernetes OpenAPI (both from imports/crd-schemas.json, produced by the
// import task). Each kind/version is compiled to an ajv validator once, on first use, and cached.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorObject, ValidateFunction } from 'ajv';
import { newAjv } from './ajv-setup';
import { BuiltinBundle, BuiltinKinds } from './builtin-kinds';
import { celFindings } from './cel/validator';
import { movedFieldHint } from './moved-fields';
import { PrecompiledValidators } from './precompiled-validators';
import { LIST_MAP_KEYWORD, toAjvSchema } from './structural';
import { Finding, error, warning } from '../core/finding';
import { parseApiVersion } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { packageRoot } from '../core/package-root';
import { safeJson } from '../core/safe-json';

export { safeJson };

/** What the registry knows about one served kind/version. */
export interface KindInfo {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
  readonly storage: boolean;
  readonly deprecated: boolean;
  readonly statusSubresource: boolean;
  /** Where the schema comes from, e.g. `kubernetes-sigs/cluster-api@v1.13.5`, or `builtin` (the pinned Kubernetes OpenAPI). */
  readonly source: string;
}

interface Entry {
  readonly info: KindInfo;
  /** The structural schema (a built-in kind's is linked on first use). */
  readonly schema: any;
  validator?: ValidateFunction;
}

export type KindResolution =
  | { readonly status: 'ok'; readonly info: KindInfo }
  | { readonly status: 'unknown-kind' }
  | { readonly status: 'unserved-version'; readonly served: readonly string[]; readonly source: string };

/** What imports/crd-schemas.json holds. */
export interface SchemaBundle {
  readonly crds: any[];
  /** Non-CRD JSON Schemas (e.g. Ignition). */
  readonly schemas?: Record<string, any>;
  /** The built-in kinds. @default - the package's */
  readonly builtins?: BuiltinBundle;
}

function key(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}

const NUMBER_FORMAT_TEXT: Record<string, string> = {
  int32: 'a whole number within int32 (-2147483648 … 2147483647)',
  int64: 'a whole number within int64',
  double: 'a finite number',
};

let packagedBundle: SchemaBundle | undefined;
/** imports/crd-schemas.json, read once per process. */
function packaged(): SchemaBundle {
  packagedBundle ??= JSON.parse(readFileSync(join(packageRoot(), 'imports', 'crd-schemas.json'), 'utf8')) as SchemaBundle;
  if (!packagedBundle.builtins) throw new Error('imports/crd-schemas.json has no built-in kinds: it predates this version; run `npx projen import --force`');
  return packagedBundle;
}

/** One BuiltinKinds per bundle section, so its linked definitions are shared by every registry. */
const builtinsBySection = new WeakMap<BuiltinBundle, BuiltinKinds>();
function builtinKinds(section: BuiltinBundle): BuiltinKinds {
  let b = builtinsBySection.get(section);
  if (!b) builtinsBySection.set(section, b = new BuiltinKinds(section));
  return b;
}

let packagedValidators: PrecompiledValidators | undefined;
const defaultPrecompiled = () => (packagedValidators ??= PrecompiledValidators.load());

export class SchemaRegistry {
  /** The registry of the pinned CRDs and the built-in kinds (loaded once per process). */
  static default(): SchemaRegistry {
    SchemaRegistry.instance ??= new SchemaRegistry(packaged());
    return SchemaRegistry.instance;
  }

  private static instance?: SchemaRegistry;

  private readonly entries = new Map<string, Entry>();
  /** group/kind → served versions, for "wrong version" messages; `complete` when they are all known (a CRD lists every one). */
  private readonly served = new Map<string, { versions: string[]; source: string; complete: boolean }>();
  private readonly ajv = newAjv();
  /** Validators of value schemas (valueFindings), by schema object. */
  private readonly valueValidators = new WeakMap<object, ValidateFunction>();
  private readonly builtins: BuiltinKinds;
  /** Non-CRD JSON Schemas shipped with the bundle (e.g. Ignition). */
  readonly extraSchemas: Record<string, any>;

  /**
   * @param bundle the CRDs (and built-in kinds) to know. @default - no CRDs; the package's built-in kinds
   * @param precompiled validators built with the package (build-tools/precompile-validators.ts);
   *   used for a kind only when compiled from the very same schema. @default - lib's, if built
   */
  constructor(
    bundle: SchemaBundle = { crds: [] },
    private readonly precompiled: () => PrecompiledValidators = defaultPrecompiled,
  ) {
    this.builtins = builtinKinds(bundle.builtins ?? packaged().builtins!);
    for (const b of this.builtins.kinds) {
      this.register({
        group: b.group,
        version: b.version,
        kind: b.kind,
        plural: b.plural,
        namespaced: b.namespaced,
        storage: true,
        deprecated: false,
        statusSubresource: b.statusSubresource,
        source: 'builtin',
      }, () => this.builtins.schema(b.definition), false);
    }
    for (const crd of bundle.crds) {
      for (const v of crd.versions) {
        this.register({
          group: crd.group,
          version: v.name,
          kind: crd.kind,
          plural: crd.plural,
          namespaced: crd.scope === 'Namespaced',
          storage: v.storage,
          deprecated: v.deprecated,
          statusSubresource: Boolean(v.subresources?.status),
          source: crd.source,
        }, () => v.schema);
      }
    }
    this.extraSchemas = bundle.schemas ?? {};
  }

  /** Registers (or replaces) the served versions of a CustomResourceDefinition object. */
  addCrd(crd: KubeObject): KindInfo[] {
    const spec = crd.spec ?? {};
    const out: KindInfo[] = [];
    for (const v of (spec.versions ?? []).filter((x: any) => x.served)) {
      const info: KindInfo = {
        group: spec.group,
        version: v.name,
        kind: spec.names?.kind,
        plural: spec.names?.plural,
        namespaced: spec.scope !== 'Cluster',
        storage: Boolean(v.storage),
        deprecated: Boolean(v.deprecated),
        statusSubresource: Boolean(v.subresources?.status),
        source: `crd/${crd.metadata?.name ?? ''}`,
      };
      const schema = v.schema?.openAPIV3Schema ?? { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true };
      this.register(info, () => schema);
      out.push(info);
    }
    return out;
  }

  kinds(): KindInfo[] {
    return [...this.entries.values()].map(e => e.info);
  }

  resolve(apiVersion: string, kind: string): KindResolution {
    const { group, version } = parseApiVersion(apiVersion);
    const e = this.entries.get(key(group, version, kind));
    if (e) return { status: 'ok', info: e.info };
    const s = this.served.get(`${group}/${kind}`);
    if (s?.complete) return { status: 'unserved-version', served: s.versions, source: s.source };
    return { status: 'unknown-kind' };
  }

  /** The raw structural schema of a kind/version (undefined when unknown). */
  structuralSchema(apiVersion: string, kind: string): any {
    const { group, version } = parseApiVersion(apiVersion);
    return this.entries.get(key(group, version, kind))?.schema;
  }

  /**
   * Checks one object against the schema of its apiVersion/kind. Unknown kinds yield one
   * finding with rule `schema/unknown-kind` (callers decide whether that is fatal).
   */
  validate(obj: KubeObject): Finding[] {
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
      return [error('schema/type', '', 'a Kubernetes object must be a mapping')];
    }
    for (const [field, example] of [['apiVersion', 'cluster.x-k8s.io/v1beta2'], ['kind', 'Cluster']] as const) {
      const v = obj[field];
      if (v === undefined || v === null || v === '') return [error('schema/required', field, 'Required value', `e.g. ${example}`)];
      if (typeof v !== 'string') return [error('schema/type', field, `Invalid value: ${safeJson(v)}: must be a string`, `e.g. ${example}`)];
    }
    if (typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string') return []; // checked above; narrows the types
    const res = this.resolve(obj.apiVersion, obj.kind);
    if (res.status === 'unserved-version') {
      const { group } = parseApiVersion(obj.apiVersion);
      return [error('schema/unserved-version', 'apiVersion',
        `${obj.apiVersion} is not a served version of ${obj.kind} (${res.source})`,
        `served: ${res.served.map(v => `${group}/${v}`).join(', ')}`)];
    }
    if (res.status === 'unknown-kind') return [this.notChecked(obj.apiVersion, obj.kind)];
    const { group, version } = parseApiVersion(obj.apiVersion);
    const entry = this.entries.get(key(group, version, obj.kind))!;
    if (!entry.validator) entry.validator = this.compile(group, version, obj.kind, entry);
    const findings = entry.validator(obj) ? [] : this.toFindings(entry, obj, entry.validator.errors ?? []);
    // As the API server: CEL rules are not run on an object whose schema errors would mislead them.
    if (findings.some(f => BLOCKS_CEL.has(f.rule))) return findings;
    return [...findings, ...celFindings({ rule: celRuleId(entry.info) }, entry.schema, obj)];
  }

  /**
   * The CEL transition rules (those reading `oldSelf`) of `newObj`'s schema against `oldObj`, as
   * on an update. Both must be the same object at the same apiVersion (the API server converts
   * the old object first; we cannot convert, so other pairs are not checked).
   */
  transitionFindings(oldObj: KubeObject, newObj: KubeObject): Finding[] {
    if (typeof newObj?.apiVersion !== 'string' || typeof newObj.kind !== 'string' || oldObj?.apiVersion !== newObj.apiVersion) return [];
    const { group, version } = parseApiVersion(newObj.apiVersion);
    const entry = this.entries.get(key(group, version, newObj.kind));
    if (!entry) return [];
    return celFindings({ rule: celRuleId(entry.info) }, entry.schema, newObj, { value: oldObj });
  }

  /**
   * A value checked against a structural schema of its own (a ClusterClass variable's
   * openAPIV3Schema): the schema layer's findings, fields relative to the value, then its CEL
   * rules under `celRule`. Compiled once per schema object.
   */
  valueFindings(schema: any, value: unknown, celRule: string): Finding[] {
    let v = this.valueValidators.get(schema);
    if (!v) {
      v = this.ajv.compile(toAjvSchema(schema));
      this.valueValidators.set(schema, v);
    }
    const entry: Entry = { info: { group: '', version: '', kind: '', plural: '', namespaced: false, storage: false, deprecated: false, statusSubresource: false, source: 'value' }, schema };
    const findings = v(value) ? [] : this.toFindings(entry, value as KubeObject, v.errors ?? []);
    if (findings.some(f => BLOCKS_CEL.has(f.rule))) return findings;
    return [...findings, ...celFindings({ rule: celRule }, schema, value, undefined, false)];
  }

  /** Every kind/version's key and root schema, as `validate` compiles them (for the build's precompile step). */
  compileTargets(): Array<{ readonly key: string; readonly schema: any }> {
    return [...this.entries.entries()].map(([k, e]) => ({ key: k, schema: this.rootSchema(e.schema) }));
  }

  /** The JSON Schema ajv compiles for a kind/version (undefined when unknown). */
  ajvSchema(apiVersion: string, kind: string): any {
    const { group, version } = parseApiVersion(apiVersion);
    const e = this.entries.get(key(group, version, kind));
    return e && this.rootSchema(e.schema);
  }

  /** Adds ObjectMeta, apiVersion and kind to a root schema, as the API server does for every kind. */
  private rootSchema(structural: any): any {
    const root = { ...structural, type: 'object', properties: { ...(structural.properties ?? {}) } };
    root.properties.apiVersion = { type: 'string' };
    root.properties.kind = { type: 'string' };
    root.properties.metadata = this.builtins.objectMeta();
    root.required = [...new Set([...(root.required ?? []), 'apiVersion', 'kind'])];
    return toAjvSchema(root, this.builtins);
  }

  /** The kind's validator: the one built with the package if it was compiled from this schema, else compiled now. */
  private compile(group: string, version: string, kind: string, entry: Entry): ValidateFunction {
    const schema = this.rootSchema(entry.schema);
    return this.precompiled().get(key(group, version, kind), schema) ?? this.ajv.compile(schema);
  }

  /** @param complete whether the kind's versions are all known (a CRD's are; of a built-in kind only the pinned ones) */
  private register(info: KindInfo, schema: () => any, complete = true): void {
    let loaded: any;
    this.entries.set(key(info.group, info.version, info.kind), { info, get schema() { return (loaded ??= schema()); } });
    const s = this.served.get(`${info.group}/${info.kind}`) ?? { versions: [], source: info.source, complete };
    if (!s.versions.includes(info.version)) s.versions.push(info.version);
    this.served.set(`${info.group}/${info.kind}`, s);
  }

  /**
   * A kind without a pinned schema: a warning, never an error. The API server refuses a kind
   * nothing serves (kubectl: `no matches for kind`), but a group we pin is not closed: the CAPI
   * groups are shared by contract with every provider, and any CRD may add a kind to a group.
   */
  private notChecked(apiVersion: string, kind: string): Finding {
    const { group, version } = parseApiVersion(apiVersion);
    const known = [...this.served.entries()].filter(([gk]) => gk.startsWith(`${group}/`));
    const otherVersions = known.find(([gk]) => gk === `${group}/${kind}`)?.[1].versions;
    let hint: string;
    if (otherVersions) {
      hint = `the pinned Kubernetes ${this.builtins.source.split('@')[1]} OpenAPI has ${kind} in ${otherVersions.map(v => (group ? `${group}/${v}` : v)).join(', ')} only; ${version} may still be served`;
    } else if (known.length) {
      const kinds = known.map(([gk]) => gk.slice(group.length + 1)).sort().join(', ');
      hint = known.some(([, s]) => s.source === 'builtin')
        ? `the pinned Kubernetes ${this.builtins.source.split('@')[1]} OpenAPI defines ${kinds} in ${group || 'the core group'}; a server may serve more`
        : `${group} is not closed (any CRD may add a kind, and the Cluster API groups are shared by every provider); the pinned schemas define ${kinds}`;
    } else {
      hint = 'not a pinned CRD or a built-in kind of the pinned Kubernetes OpenAPI';
    }
    return warning('schema/unknown-kind', 'kind', `no schema for ${kind} in ${apiVersion}: not checked`, hint);
  }

  private toFindings(entry: Entry, obj: KubeObject, errors: ErrorObject[]): Finding[] {
    const out: Finding[] = [];
    const seen = new Set<string>();
    // An int-or-string mismatch reports each branch and then the anyOf; keep only the anyOf.
    const anyOfPaths = new Set(errors.filter(e => e.keyword === 'anyOf').map(e => e.instancePath));
    // A wrong type makes the value checks at the same path noise.
    const typePaths = new Set(errors.filter(e => e.keyword === 'type' && !e.schemaPath.includes('/anyOf/')).map(e => e.instancePath));
    for (const e of errors) {
      if (e.schemaPath.includes('/anyOf/') && anyOfPaths.has(e.instancePath) && e.keyword !== 'anyOf') continue;
      if (e.keyword !== 'type' && e.keyword !== 'required' && e.keyword !== 'additionalProperties' && typePaths.has(e.instancePath)) continue;
      const f = this.toFinding(entry, obj, e);
      const id = `${f.field}|${f.message}`;
      if (!seen.has(id)) {
        seen.add(id);
        out.push(f);
      }
    }
    return out;
  }

  private toFinding(entry: Entry, obj: KubeObject, e: ErrorObject): Finding {
    const base = fieldPath(e.instancePath);
    const value = valueAt(obj, e.instancePath);
    const shown = safeJson(value);
    switch (e.keyword) {
      case 'required': {
        const field = join2(base, (e.params as any).missingProperty);
        return error('schema/required', field, 'Required value');
      }
      case 'additionalProperties': {
        const field = join2(base, (e.params as any).additionalProperty);
        return error('schema/unknown-field', field, `unknown field "${field}"`,
          this.unknownFieldHint(entry.info, field) ?? 'not declared in the schema; the API server rejects it under strict field validation');
      }
      case 'enum': {
        // "" in a built-in kind's set stands for "unset, the server defaults it", as the API server's own list leaves it out.
        const allowed: unknown[] = (e.params as any).allowedValues;
        const named = allowed.filter(v => v !== '' || entry.info.source !== 'builtin');
        return error('schema/enum', base, `Unsupported value: ${shown}`,
          `supported values: ${named.map(v => JSON.stringify(v)).join(', ')}${named.length < allowed.length ? ' (or empty for the default)' : ''}`);
      }
      case 'type':
        return error('schema/type', base, `Invalid value: ${shown}: must be of type ${[(e.params as any).type].flat().join(' or ')}`);
      case 'anyOf':
        return error('schema/type', base, `Invalid value: ${shown}: must be an integer or a string`);
      case 'pattern':
        return error('schema/pattern', base, `Invalid value: ${shown}: should match '${(e.params as any).pattern}'`);
      case 'format':
        if (NUMBER_FORMAT_TEXT[(e.params as any).format]) {
          return error('schema/format', base, `Invalid value: ${String(value)}: must be ${NUMBER_FORMAT_TEXT[(e.params as any).format]}`);
        }
        return error('schema/format', base, `Invalid value: ${shown}: must be of format ${formatName((e.params as any).format)}`,
          (e.params as any).format === 'k8s-byte' ? 'Secret data values are base64; put plain text in stringData instead' : undefined);
      case LIST_MAP_KEYWORD:
        return error('schema/duplicate', base, e.message ?? 'Duplicate value');
      case 'uniqueItems':
        return error('schema/duplicate', base, `Duplicate value: items ${(e.params as any).j} and ${(e.params as any).i} are equal`);
      default:
        return error(`schema/${e.keyword}`, base, `Invalid value: ${shown}: ${e.message ?? 'invalid'}`);
    }
  }

  /** Explains an unknown field that exists in another served version (e.g. a v1beta1 layout). */
  private unknownFieldHint(info: KindInfo, field: string): string | undefined {
    const moved = movedFieldHint(info.group, info.kind, info.version, field);
    if (moved) return moved;
    const s = this.served.get(`${info.group}/${info.kind}`);
    for (const v of s?.versions ?? []) {
      if (v === info.version) continue;
      const other = this.entries.get(key(info.group, v, info.kind));
      if (other && schemaHasPath(other.schema, field)) {
        return `"${field}" is part of ${info.group}/${v} ${info.kind}, not ${info.version}; use the ${info.version} layout or apiVersion ${info.group}/${v}`;
      }
    }
    return undefined;
  }
}

/** Schema errors after which the API server does not run CEL rules (apiextensions-apiserver hasBlockingErr). */
const BLOCKS_CEL = new Set(['schema/type', 'schema/required', 'schema/enum', 'schema/maxLength', 'schema/maxItems', 'schema/maxProperties']);

/** The rule id of a kind's CEL findings: `cel/<group>/<Kind>` (docs/DESIGN-NOTES.md "CEL rules of CRDs"). */
export function celRuleId(info: Pick<KindInfo, 'group' | 'kind'>): string {
  return `cel/${info.group}/${info.kind}`;
}

function formatName(f: string): string {
  return f.replace(/^k8s-/, '');
}

function join2(base: string, name: string): string {
  return base ? `${base}.${name}` : name;
}

/** `/spec/ports/0/port` → `spec.ports[0].port` */
export function fieldPath(instancePath: string): string {
  if (!instancePath) return '';
  let out = '';
  for (const raw of instancePath.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(seg)) out += `[${seg}]`;
    else out += out ? `.${seg}` : seg;
  }
  return out;
}

function valueAt(obj: any, instancePath: string): unknown {
  let cur = obj;
  for (const raw of instancePath.split('/').slice(1)) {
    if (cur === undefined || cur === null) return undefined;
    cur = cur[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return cur;
}

/** Whether a structural schema declares a dotted path (array indices ignored). */
function schemaHasPath(schema: any, field: string): boolean {
  let node = schema;
  for (const seg of field.replace(/\[\d+\]/g, '').split('.')) {
    while (node && node.type === 'array' && node.items) node = node.items;
    if (!node?.properties?.[seg]) return false;
    node = node.properties[seg];
  }
  return true;
}

/** Validates one object against the default registry. */
export function validateSchema(obj: KubeObject): Finding[] {
  return SchemaRegistry.default().validate(obj);
}
