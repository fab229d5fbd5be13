// The built-in kinds (Deployment, ServiceAccount, RBAC, …) as the import step derives them from
// the pinned Kubernetes OpenAPI documents (build-tools/openapi-kinds.ts): each kind's scope,
// plural and status subresource, and its schema from definitions stored once in the bundle.
//
// A definition's schema is linked on first use: each `{$ref: name}` becomes the named definition
// itself (one shared object per definition), so that code walking a schema sees ordinary nested
// schemas. A reference to a recursive definition (apiextensions JSONSchemaProps) stays a
// reference, marked x-kubernetes-preserve-unknown-fields for such walkers; structural.ts turns
// every definition it meets into an ajv `$ref` into `$defs`, so nothing is expanded forever.

/** One creatable built-in kind (the bundle's `builtins.kinds`). */
export interface BuiltinKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
  readonly statusSubresource: boolean;
  readonly definition: string;
}

/** The bundle's `builtins` section (imports/crd-schemas.json). */
export interface BuiltinBundle {
  readonly source: string;
  readonly objectMeta: string;
  readonly recursive: readonly string[];
  readonly definitions: Record<string, any>;
  readonly kinds: readonly BuiltinKind[];
}

export class BuiltinKinds {
  /** Where the definitions come from, e.g. `kubernetes/kubernetes@v1.28.4`. */
  readonly source: string;
  readonly kinds: readonly BuiltinKind[];
  private readonly linkedByName = new Map<string, any>();
  private readonly nameByLinked = new WeakMap<object, string>();
  private readonly recursive: ReadonlySet<string>;

  constructor(private readonly bundle: BuiltinBundle) {
    this.source = bundle.source;
    this.kinds = bundle.kinds;
    this.recursive = new Set(bundle.recursive);
  }

  /** ObjectMeta, as every kind's `metadata` (CRDs' too). */
  objectMeta(): any {
    return this.schema(this.bundle.objectMeta);
  }

  /** The linked schema of a definition (see the file comment); the same object on every call. */
  schema(name: string): any {
    const done = this.linkedByName.get(name);
    if (done) return done;
    const raw = this.bundle.definitions[name];
    if (raw === undefined) throw new Error(`the schema bundle has no definition ${name}`);
    // Registered before linking its children, so a definition reaching itself finds this object.
    const out: any = {};
    this.linkedByName.set(name, out);
    this.nameByLinked.set(out, name);
    Object.assign(out, this.link(raw));
    return out;
  }

  /** The definition name of a linked schema object, or of a reference kept as one. */
  definitionOf(node: unknown): string | undefined {
    if (!node || typeof node !== 'object') return undefined;
    const name = this.nameByLinked.get(node);
    if (name) return name;
    const ref = (node as any).$ref;
    return typeof ref === 'string' && this.recursive.has(ref) ? ref : undefined;
  }

  private link(node: any): any {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    if (typeof node.$ref === 'string') {
      const { $ref, ...siblings } = node;
      if (this.recursive.has($ref)) return { $ref, 'x-kubernetes-preserve-unknown-fields': true, ...siblings };
      const target = this.schema($ref);
      // A use with keywords of its own (a declarative default) is a copy; a plain use is the definition.
      return Object.keys(siblings).length ? { ...target, ...this.link(siblings) } : target;
    }
    const out: any = {};
    for (const [k, v] of Object.entries<any>(node)) {
      if (k === 'properties' && v && typeof v === 'object') out.properties = Object.fromEntries(Object.entries<any>(v).map(([p, c]) => [p, this.link(c)]));
      else if ((k === 'items' || k === 'additionalProperties') && v && typeof v === 'object') out[k] = this.link(v);
      else if ((k === 'oneOf' || k === 'anyOf' || k === 'allOf') && Array.isArray(v)) out[k] = v.map(x => this.link(x));
      else out[k] = v;
    }
    return out;
  }
}
