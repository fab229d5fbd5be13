// Cluster name rules (upstream-rules.md §5.2 item 1): a letter first, then letters, digits and
// '-', at least two characters, at most 35 (the config validation caps it there).
import { error } from '../../../core/finding';
import { about } from '../eksa-spec';
import { PreflightCheck } from './check';

const CLUSTER_NAME = /^[a-zA-Z][a-zA-Z0-9-]+$/;
export const MAX_CLUSTER_NAME_LENGTH = 35;

/** The problem with a cluster name in eksctl's words, or undefined when valid. */
export function clusterNameProblem(name: string): string | undefined {
  if (!CLUSTER_NAME.test(name)) {
    return `${name} is not a valid cluster name, cluster names must start with lowercase/uppercase letters and can include numbers and dashes. For instance 'testCluster-123' is a valid name but '123testCluster' is not.`;
  }
  if (name.length > MAX_CLUSTER_NAME_LENGTH) return `number of characters in ${name} should be less than ${MAX_CLUSTER_NAME_LENGTH + 1}`;
  return undefined;
}

export const clusterNameCheck: PreflightCheck = {
  name: 'Validate cluster name',
  run: ({ spec }) => {
    const problem = clusterNameProblem(spec.name);
    if (!problem) return [];
    return about(spec.cluster, [error('eksa/cluster-name', 'metadata.name', `failed to validate cluster config name: ${problem}`,
      `a letter, then letters, digits or '-', at most ${MAX_CLUSTER_NAME_LENGTH} characters`)]);
  },
};
