// Top-level keys of a HelmChart / HelmChartConfig valuesContent written as dotted paths
// (`controller.replicaCount: 3`): valuesContent is a values file, where a key is one literal key,
// so the chart sees a value named "controller.replicaCount" and never its
// controller.replicaCount (the `--set` path syntax is spec.set's, not the values file's).
import { get } from './rule';
import { Finding, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { parseYamlDocument, yamlToJs } from '../../core/safe-yaml';

/** A key that reads as a values path: identifiers joined by dots (no "/": not a label or annotation key). */
const PATH_KEY = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)+$/;

/** The values path a dotted key was meant as, written nested (for the hint). */
function nested(key: string): string {
  return key.split('.').map((p, i) => `${'  '.repeat(i)}${p}:`).join(' / ');
}

export function dottedValuesKeyRules(obj: KubeObject): Finding[] {
  const text = get(obj, 'spec', 'valuesContent');
  if (typeof text !== 'string' || !text.includes('.')) return [];
  const parsed = parseYamlDocument(text, { merge: true });
  const doc = parsed.docs[0];
  if (parsed.tooBig || !doc || doc.errors.length) return [];
  const read = yamlToJs(doc, parsed.lineCounter);
  const values = read.problem ? undefined : read.value;
  if (!values || typeof values !== 'object' || Array.isArray(values)) return [];
  const keys = Object.keys(values).filter(k => PATH_KEY.test(k));
  if (!keys.length) return [];
  return [warning('helm/values-dotted-key', 'spec.valuesContent',
    `${keys.map(k => JSON.stringify(k)).join(', ')}: valuesContent is a Helm values file, where a dotted key is one literal key, not a path, so the chart never receives ${keys.length > 1 ? 'these settings' : 'this setting'}`,
    `nest it (${nested(keys[0])}), or use spec.set for path-style keys on a HelmChart`)];
}
