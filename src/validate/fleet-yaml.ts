// A Fleet fleet.yaml read as the Bundle it becomes, so its bundle fields (dependsOn,
// rolloutStrategy, …) are checked against the pinned fleet.cattle.io Bundle CRD like any
// object. Only fields fleet.yaml shares with Bundle.spec are carried; `labels` become the
// Bundle's labels. The object is for validation only: nothing applies it.
import { KubeObject } from '../core/kube-object';

/** fleet.yaml keys that are Bundle.spec fields of the same shape. */
const BUNDLE_SPEC_KEYS = [
  'defaultNamespace', 'namespace', 'dependsOn', 'rolloutStrategy', 'paused', 'keepResources',
  'correctDrift', 'serviceAccount', 'helm', 'kustomize', 'diff', 'ignore', 'deleteNamespace', 'targetCustomizationMode',
] as const;

/** The Bundle for a parsed fleet.yaml; a finding's `spec.X` field is the file's `X`. */
export function fleetYamlBundle(fleetYaml: unknown, name: string): KubeObject {
  const fy = fleetYaml && typeof fleetYaml === 'object' && !Array.isArray(fleetYaml) ? fleetYaml as Record<string, unknown> : {};
  const spec: Record<string, unknown> = {};
  for (const k of BUNDLE_SPEC_KEYS) if (fy[k] !== undefined) spec[k] = fy[k];
  // Fleet's bundle reader makes the customizations the Bundle's first targets (same type).
  if (fy.targetCustomizations !== undefined) spec.targets = fy.targetCustomizations;
  return {
    apiVersion: 'fleet.cattle.io/v1alpha1',
    kind: 'Bundle',
    metadata: { name, ...(fy.labels !== undefined ? { labels: fy.labels as Record<string, string> } : {}) },
    spec,
  };
}

/** A Bundle finding's field as the fleet.yaml path: `spec.dependsOn[0]` → `dependsOn[0]`, `spec.targets` → `targetCustomizations`, `metadata.labels.x` → `labels.x`. */
export function fleetYamlField(field: string): string {
  return field.replace(/^spec\.targets(?=[.[]|$)/, 'targetCustomizations').replace(/^spec\./, '').replace(/^metadata\.labels/, 'labels');
}
