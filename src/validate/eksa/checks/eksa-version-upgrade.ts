// eksaVersion / bundlesRef on upgrade (upstream-rules.md §5.5): never removed once set, and
// eksaVersion moves forward by at most one minor.
import * as semver from 'semver';
import { Finding, error } from '../../../core/finding';
import { about } from '../eksa-spec';
import { PreflightCheck, PreflightMode } from './check';

export const eksaVersionUpgradeCheck: PreflightCheck = {
  name: 'Validate EKS-A version skew',
  applies: ({ mode, old }) => mode === PreflightMode.UPGRADE && old !== undefined,
  run: ({ spec, old }) => {
    const n = spec.cluster.spec ?? {};
    const o = old!.cluster.spec ?? {};
    const out: Finding[] = [];
    if (o.eksaVersion !== undefined && n.eksaVersion === undefined) {
      out.push(error('eksa/eksa-version', 'spec.eksaVersion', `field cannot be removed after setting. Previous value ${String(o.eksaVersion)}`));
    }
    if (o.bundlesRef !== undefined && n.bundlesRef === undefined && n.eksaVersion === undefined) {
      out.push(error('eksa/eksa-version', 'spec.bundlesRef', `field cannot be removed after setting. Previous value ${JSON.stringify(o.bundlesRef)}`, 'replace it with eksaVersion'));
    }
    const oldV = typeof o.eksaVersion === 'string' ? semver.parse(o.eksaVersion) : null;
    if (oldV && n.eksaVersion !== undefined) {
      const newV = typeof n.eksaVersion === 'string' ? semver.parse(n.eksaVersion) : null;
      if (!newV) {
        out.push(error('eksa/eksa-version', 'spec.eksaVersion', 'EksaVersion is not a valid semver'));
      } else if (newV.major !== oldV.major || newV.minor - oldV.minor > 1) {
        out.push(error('eksa/eksa-version', 'spec.eksaVersion', `cannot upgrade to ${newV.version} from ${oldV.version}: EksaVersion upgrades must have a skew of 1 minor version`));
      } else if (newV.minor < oldV.minor) {
        out.push(error('eksa/eksa-version', 'spec.eksaVersion', `cannot downgrade from ${oldV.version} to ${newV.version}: EksaVersion upgrades must be incremental`));
      }
    }
    return about(spec.cluster, out);
  },
};
