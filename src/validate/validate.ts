// The validation pipeline for plain objects: CRD schema, ObjectMeta, then the upstream rules
// of the object's kind (which may look at the other objects of the set).
import { ObjectFinding, crossObjectRules } from './cross-object';
import { embeddedManifests } from './embedded-manifests';
import { rulesFor } from './rules';
import { Finding } from '../core/errors';
import { metadataRules } from './rules/metadata';
import { RuleContext, groupKind } from './rules/rule';
import { KubeObject, SchemaRegistry } from './schema';

export interface ValidateOptions {
  /** Schema registry to use. @default SchemaRegistry.default() */
  readonly registry?: SchemaRegistry;
  /** Warnings of embedded configs count as errors (like Butane strict). @default false */
  readonly strict?: boolean;
}

/** Validates one object; `objects` is the set it belongs to, for cross-object rules. */
export function validateObject(obj: KubeObject, objects: readonly KubeObject[] = [obj], opts: ValidateOptions = {}): Finding[] {
  const registry = opts.registry ?? SchemaRegistry.default();
  const ctx: RuleContext = { objects, strict: opts.strict };
  const findings = [...registry.validate(obj), ...metadataRules(obj)];
  for (const rule of rulesFor(groupKind(obj))) findings.push(...rule(obj, ctx));
  return findings;
}

/**
 * The manifests a control plane carries in its Butane config, validated as one set per
 * carrier (schema, rules, pool overlaps); findings are reported on the carrier.
 */
function embeddedFindings(objects: readonly KubeObject[], opts: ValidateOptions): Array<{ object: KubeObject; finding: Finding }> {
  const out: Array<{ object: KubeObject; finding: Finding }> = [];
  const all = embeddedManifests(objects);
  for (const carrier of new Set(all.map(e => e.carrier))) {
    const mine = all.filter(e => e.carrier === carrier);
    const set = mine.map(e => e.object);
    for (const e of mine) {
      for (const f of validateObject(e.object, set, opts)) {
        out.push({ object: carrier, finding: { ...f, field: `${e.path} ${e.object.kind}/${e.object.metadata?.name ?? ''}${f.field ? ` ${f.field}` : ''}` } });
      }
    }
  }
  return out;
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
  const byObject = new Map<KubeObject, Finding[]>();
  for (const object of objects) byObject.set(object, validateObject(object, objects, opts));
  for (const { object, finding } of crossObjectRules(objects)) byObject.get(object)?.push(finding);
  for (const { object, finding } of embeddedFindings(objects, opts)) byObject.get(object)?.push(finding);
  const out: ObjectFindings[] = [];
  objects.forEach((object, index) => {
    const findings = byObject.get(object)!;
    if (findings.length) out.push({ object, index, findings });
  });
  return out;
}

/** `validateObjects` as one finding per entry (the shape construct checks report). */
export function validateObjectSet(objects: readonly KubeObject[]): ObjectFinding[] {
  return validateObjects(objects).flatMap(r => r.findings.map(finding => ({ object: r.object, finding })));
}
