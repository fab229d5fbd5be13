// The validation pipeline for plain objects: CRD schema, ObjectMeta, then the upstream rules
// of the object's kind (which may look at the other objects of the set).
import { crossObjectRules } from './cross-object';
import { eksctlReading, eksctlReadings, eksctlSchemaFindings } from './eksa/eksctl-reading';
import { EmbeddedManifest, embeddedManifestProblems, embeddedManifests } from './embedded-manifests';
import { EmbeddedTexts, RenderedButane } from './embedded-texts';
import { rulesFor } from './rules';
import { ValidationError } from '../core/errors';
import { ObjectFinding, Finding, Severity, error } from '../core/finding';
import { metadataRules } from './rules/metadata';
import { placeholderRules } from './rules/placeholders';
import { RuleContext } from './rules/rule';
import { SchemaRegistry } from './schema';
import { groupKindOf } from '../core/gvk';
import { KubeObject } from '../core/kube-object';

export interface ValidateOptions {
  /** Schema registry to use. @default SchemaRegistry.default() */
  readonly registry?: SchemaRegistry;
  /** Warnings of embedded configs count as errors (like Butane strict). @default false */
  readonly strict?: boolean;
  /**
   * Butane texts the caller rendered from models that passed the Butane rules (a construct's
   * strict ButaneConfig): they are not parsed again. @default - every text is parsed
   */
  readonly renderedConfigs?: readonly RenderedButane[];
}

/** Validates one object; `objects` is the set it belongs to, for cross-object rules. */
export function validateObject(obj: KubeObject, objects: readonly KubeObject[] = [obj], opts: ValidateOptions = {}): Finding[] {
  return validateOne(obj, objects, opts, new EmbeddedTexts(opts.renderedConfigs));
}

/** validateObject within a run that already holds the texts (each parsed, or keyed, once per run). */
function validateOne(obj: KubeObject, objects: readonly KubeObject[], opts: ValidateOptions, texts: EmbeddedTexts): Finding[] {
  const registry = opts.registry ?? SchemaRegistry.default();
  // EKS Anywhere objects are read as eksctl reads them (eksa/eksctl-reading.ts).
  const reading = obj && typeof obj === 'object' ? eksctlReading(obj) : undefined;
  if (reading && reading.object !== obj) {
    const read = objects.map(o => (o === obj ? reading.object : o));
    return [...reading.notes, ...validateOne(reading.object, read, opts, texts)];
  }
  const base = shapeFindings(obj, registry);
  // Checked only when a rule fails: objects built by the constructs are sound, and this stays cheap.
  const othersUnsound = () => objects.some(o => o !== obj && shapeFindings(o, registry).some(isShapeError));
  return [...base, ...ruleFindings(obj, { objects, strict: opts.strict, texts }, base, othersUnsound)];
}

/** Schema, ObjectMeta and placeholders: what needs no knowledge of the kind's upstream rules. */
function shapeFindings(obj: KubeObject, registry: SchemaRegistry): Finding[] {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return [error('schema/type', '', 'a Kubernetes object must be a mapping')];
  const placeholders = placeholderRules(obj);
  // A raw placeholder in base64 data: the placeholder finding says more than the format error.
  const base64Fields = new Set(placeholders.filter(f => f.rule === 'placeholder/base64').map(f => f.field));
  const schema = eksctlSchemaFindings(obj, registry.validate(obj).filter(f => !(f.rule === 'schema/format' && base64Fields.has(f.field))));
  return [...schema, ...metadataRules(obj), ...placeholders];
}

/** The upstream rules of the object's kind. They read fields by their schema types, so on an object
 * the schema already rejected a rule may trip over a wrong type: that object is reported by its
 * schema findings, and the rule's own failure says nothing more. */
function ruleFindings(obj: KubeObject, ctx: RuleContext, base: readonly Finding[], othersUnsound: () => boolean = () => false): Finding[] {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj) || typeof obj.kind !== 'string' || typeof obj.apiVersion !== 'string') return [];
  const out: Finding[] = [];
  for (const rule of rulesFor(groupKindOf(obj))) {
    try {
      out.push(...rule(obj, ctx));
    } catch (e) {
      if (!base.some(isShapeError) && !othersUnsound()) throw e;
    }
  }
  return out;
}

const isShapeError = (f: Finding) => f.severity === 'error' && (f.rule.startsWith('schema/') || f.rule === 'meta/name');

/** How deep manifests carried inside carried manifests are followed (a cluster may ship CAPRKE2 objects for the next). */
const MAX_EMBEDDING_DEPTH = 2;

/**
 * The manifests RKE2 nodes carry to their manifests directory (embedded-manifests.ts), validated
 * like any input with every rule: they are applied to the workload cluster, not the management
 * cluster, so the objects of one workload cluster (its control plane's files) are a set of their
 * own. Findings are reported on the carrier, at the object's line inside the embedding field.
 */
function embeddedFindings(objects: readonly KubeObject[], opts: ValidateOptions, texts: EmbeddedTexts, depth: number): ObjectFinding[] {
  const out: ObjectFinding[] = [];
  const sets = new Map<unknown, EmbeddedManifest[]>();
  for (const e of embeddedManifests(objects, texts)) {
    const key = workloadClusterKey(e.carrier, objects);
    const list = sets.get(key);
    if (list) list.push(e);
    else sets.set(key, [e]);
  }
  for (const set of sets.values()) {
    for (const r of validateSet(set.map(e => e.object), opts, depth + 1)) {
      const e = set[r.index];
      const what = `${e.path} ${String(e.object.kind)}/${String(e.object.metadata?.name ?? '')}`;
      for (const f of r.findings) {
        const at = e.at(f.field, f.embeddedLine);
        out.push({ object: e.carrier, finding: { ...f, field: `${at.field}: ${what}${f.field ? ` ${f.field}` : ''}`, embeddedLine: at.embeddedLine } });
      }
    }
  }
  return out;
}

/**
 * The workload cluster a carrier's manifests are applied to, as the control plane that stands for
 * it: a cluster has one control plane, so each RKE2ControlPlane (or template) is its own set; a
 * control-plane machine's RKE2Config joins the RKE2ControlPlane of its cluster when the set has it.
 * (Two RKE2ControlPlanes of one name are a duplicate, reported as such, not one cluster.)
 */
function workloadClusterKey(carrier: KubeObject, objects: readonly KubeObject[]): unknown {
  if (carrier.kind !== 'RKE2Config') return carrier;
  const ns = carrier.metadata?.namespace ?? 'default';
  const cluster = carrier.metadata?.labels?.['cluster.x-k8s.io/cluster-name'];
  const owner = typeof cluster !== 'string' ? undefined : objects.find(o => o?.kind === 'Cluster' && (o.metadata?.namespace ?? 'default') === ns && o.metadata?.name === cluster);
  const ref = owner?.spec?.controlPlaneRef;
  const cp = ref?.kind === 'RKE2ControlPlane' ? objects.find(o => o?.kind === 'RKE2ControlPlane' && (o.metadata?.namespace ?? 'default') === ns && o.metadata?.name === ref.name) : undefined;
  return cp ?? carrier;
}

export interface ObjectFindings {
  readonly object: KubeObject;
  readonly index: number;
  readonly findings: readonly Finding[];
}

/**
 * Validates a set of objects together: each object, then the cross-object rules (host
 * capacity, CIDRs, VIPs). Returns only the objects that have findings.
 */
export function validateObjects(objects: readonly KubeObject[], opts: ValidateOptions = {}): ObjectFindings[] {
  if (!Array.isArray(objects)) throw new ValidationError('validateObjects', 'objects', `expected a list of objects, got ${typeof objects}`);
  return validateSet(objects, opts, 0);
}

/** validateObjects for a set at an embedding depth (0: the input itself). */
function validateSet(objects: readonly KubeObject[], opts: ValidateOptions, depth: number): ObjectFindings[] {
  const registry = opts.registry ?? SchemaRegistry.default();
  // EKS Anywhere objects are read as eksctl reads them (eksa/eksctl-reading.ts); findings are reported on the objects given.
  const readings = eksctlReadings(objects, registry);
  const read = readings.map(r => r.object);
  const byObject = new Map<KubeObject, Finding[]>();
  readings.forEach(r => byObject.set(r.object, r.ignored ? [...r.notes] : [...r.notes, ...shapeFindings(r.object, registry)]));
  // Rules and cross-object checks read the other objects by their schema types: only those that pass it.
  const sound = read.filter((o, i) => !readings[i].ignored && !byObject.get(o)!.some(isShapeError));
  const texts = new EmbeddedTexts(opts.renderedConfigs);
  const withErrors = read.filter((o, i) => !readings[i].ignored && byObject.get(o)!.some(isShapeError));
  const ctx: RuleContext = { objects: sound, strict: opts.strict, texts, withErrors };
  read.forEach((object, i) => { if (!readings[i].ignored) byObject.get(object)!.push(...ruleFindings(object, ctx, byObject.get(object)!)); });
  for (const { object, finding } of crossObjectRules(sound, texts)) byObject.get(object)?.push(finding);
  if (depth < MAX_EMBEDDING_DEPTH) {
    for (const { object, finding } of embeddedFindings(sound, opts, texts, depth)) byObject.get(object)?.push(finding);
  }
  // Carried manifests that cannot be read, are not valid YAML or not objects: reported on their carrier, at their line.
  for (const p of embeddedManifestProblems(sound, texts)) {
    byObject.get(p.carrier)?.push({ severity: Severity.ERROR, rule: `embedded/${p.rule}`, field: `${p.location.field}: ${p.path}`, message: p.message, embeddedLine: p.location.embeddedLine });
  }
  const out: ObjectFindings[] = [];
  objects.forEach((object, index) => {
    const findings = byObject.get(read[index])!;
    if (findings.length) out.push({ object, index, findings });
  });
  return out;
}

/** `validateObjects` as one finding per entry (the shape construct checks report). */
export function validateObjectSet(objects: readonly KubeObject[], opts: ValidateOptions = {}): ObjectFinding[] {
  return validateObjects(objects, opts).flatMap(r => r.findings.map(finding => ({ object: r.object, finding })));
}
