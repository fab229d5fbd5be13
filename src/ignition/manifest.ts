// Kubernetes objects → multi-document YAML for a file in RKE2's auto-deploy manifests
// directory. Objects are serialized as data (never string templates), in the given order.
import { toYamlDocument } from './yaml-format';
import { Finding, error } from '../core/finding';

/** Anything with `toJson()` (a cdk8s ApiObject) or a plain object. */
function plainOf(obj: unknown): unknown {
  const json = obj !== null && typeof obj === 'object' && typeof (obj as any).toJson === 'function' ? (obj as any).toJson() : obj;
  // A JSON round trip drops undefined values and makes the data deterministic plain data.
  return JSON.parse(JSON.stringify(json));
}

const rendered = new Map<string, string>();

/** YAML of one object; identical objects (common across the sites of a fleet) are rendered once. */
function documentOf(plain: object): string {
  const key = JSON.stringify(plain);
  let text = rendered.get(key);
  if (text === undefined) {
    text = toYamlDocument(plain);
    if (rendered.size >= 1024) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, text);
  }
  return text;
}

/** Serializes the objects; returns findings instead when an object is not a Kubernetes object. */
export function manifestYaml(objects: readonly unknown[], field: string): { yaml?: string; objects?: object[]; findings: Finding[] } {
  if (!Array.isArray(objects) || objects.length === 0) {
    return { findings: [error('butane/manifest-object', field, 'no Kubernetes objects given', 'pass at least one object (plain data or a cdk8s ApiObject)')] };
  }
  const docs: string[] = [];
  const plains: object[] = [];
  const findings: Finding[] = [];
  objects.forEach((obj, i) => {
    let plain: any;
    try {
      plain = plainOf(obj);
    } catch (e) {
      findings.push(error('butane/manifest-object', `${field}[${i}]`, `object cannot be serialized: ${(e as Error).message}`,
        'pass plain JSON-compatible data (no cycles, no BigInt)'));
      return;
    }
    if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) {
      findings.push(error('butane/manifest-object', `${field}[${i}]`, `expected a Kubernetes object, found ${JSON.stringify(plain)}`,
        'pass a mapping with apiVersion, kind and metadata'));
      return;
    }
    if (typeof plain.apiVersion !== 'string' || !plain.apiVersion || typeof plain.kind !== 'string' || !plain.kind) {
      findings.push(error('butane/manifest-object', `${field}[${i}]`,
        `object has no apiVersion/kind (apiVersion ${JSON.stringify(plain.apiVersion)}, kind ${JSON.stringify(plain.kind)})`,
        'every manifest object needs a string apiVersion and kind'));
      return;
    }
    docs.push(documentOf(plain));
    plains.push(plain);
  });
  if (findings.length > 0) return { findings };
  return { yaml: docs.join('---\n'), objects: plains, findings };
}
