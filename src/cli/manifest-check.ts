// The manifests' own validation as the first upgrade preflight (plan, upgrade, fleet).
import { objectsOf } from './load';
import { validationErrors } from './validation-errors';
import { PreflightItem, UpgradePreflight } from '../apply/upgrade-preflights';
import { KubeObject } from '../core/kube-object';
import { Input } from '../validate/input-load';

/** The manifests' own validation (validate/validate-input.ts) as the first preflight, each error at its file:line. */
export function manifestCheck(input: Input, objects: readonly KubeObject[] = objectsOf(input)): UpgradePreflight {
  const items: PreflightItem[] = validationErrors(input, objects).filter(f => f.rule !== 'schema/unknown-kind').map(f => ({
    at: `${f.file}:${f.line}`,
    object: { apiVersion: '', kind: f.kind, metadata: { name: f.name, namespace: f.namespace } },
    finding: { severity: f.severity, rule: f.rule, field: f.field, message: f.message, hint: f.hint },
  }));
  return { name: 'Validate manifests (schema and upstream rules)', passed: items.length === 0, items };
}

