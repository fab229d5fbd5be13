// Fleet Bundle targets and fleet.yaml targetCustomizations (read as Bundle spec.targets,
// fleet-yaml.ts). Fleet v0.16.1 matches a cluster against the targets in order and takes the first
// that matches (internal/cmd/controller/target/matcher/bundlematch.go match, matchCustomization;
// with targetCustomizationMode AllMatches every matching customization applies), and a target
// without clusterName, clusterGroup, clusterSelector or clusterGroupSelector matches no cluster
// (clustermatcher.go ClusterMatcher.Match: no criteria is false). So such an entry, or one after an
// entry that already matches every cluster it could match, never applies.
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

const CRITERIA = ['clusterName', 'clusterGroup', 'clusterSelector', 'clusterGroupSelector'] as const;

/** The criteria of a target, normalized for comparison; undefined when it has none. */
function criteria(t: any): string | undefined {
  const present = CRITERIA.filter(k => t?.[k] !== undefined && t[k] !== null && t[k] !== '');
  if (!present.length) return undefined;
  return JSON.stringify(present.map(k => [k, t[k]]));
}

/** A label selector that selects everything: `{}` (no matchLabels, no matchExpressions). */
const matchesAll = (s: unknown) => !!s && typeof s === 'object' && !Array.isArray(s)
  && Object.keys((s as any).matchLabels ?? {}).length === 0 && ((s as any).matchExpressions ?? []).length === 0;

/** A target whose only criterion is a select-everything clusterSelector: it matches every cluster. */
const catchAll = (t: any) => matchesAll(t?.clusterSelector) && CRITERIA.every(k => k === 'clusterSelector' || t?.[k] === undefined || t[k] === null || t[k] === '');

export function targetRules(obj: KubeObject): Finding[] {
  const targets = get(obj, 'spec', 'targets');
  if (!Array.isArray(targets)) return [];
  // A GitRepo's Bundle lists the fleet.yaml customizations first, then the GitRepo's targets (one
  // restriction each): the two lists are matched apart.
  const restrictions = get(obj, 'spec', 'targetRestrictions');
  const custom = Array.isArray(restrictions) && restrictions.length ? Math.max(0, targets.length - restrictions.length) : targets.length;
  const allMatches = get(obj, 'spec', 'targetCustomizationMode') === 'AllMatches';
  return [...listRules(targets, 0, custom, allMatches), ...listRules(targets, custom, targets.length, false)];
}

/** The entries [from, to) of the targets, matched first-match unless allMatches. */
function listRules(targets: readonly any[], from: number, to: number, allMatches: boolean): Finding[] {
  const out: Finding[] = [];
  const seen = new Map<string, number>();
  let everything: number | undefined;
  targets.slice(from, to).forEach((t, k) => {
    const i = from + k;
    if (!t || typeof t !== 'object') return;
    const label = t.name ? ` ${JSON.stringify(t.name)}` : '';
    const c = criteria(t);
    if (c === undefined) {
      out.push(error('fleet/target-unreachable', `spec.targets[${i}]`, `target${label} has no clusterName, clusterGroup, clusterSelector or clusterGroupSelector: Fleet matches it against no cluster, so it never applies`,
        'add the selector of the clusters it is for (clusterSelector: {} for every cluster)'));
      return;
    }
    if (!allMatches) {
      const earlier = everything ?? seen.get(c);
      if (earlier !== undefined) {
        out.push(error('fleet/target-unreachable', `spec.targets[${i}]`,
          `target${label} can never apply: targets[${earlier}] ${everything !== undefined ? 'matches every cluster' : 'has the same selectors'} and Fleet takes the first target that matches a cluster`,
          'move the more specific entry first, merge the two, or set targetCustomizationMode: AllMatches'));
        return;
      }
    }
    if (!seen.has(c)) seen.set(c, i);
    if (catchAll(t) && everything === undefined) everything = i;
  });
  return out;
}
