// HelmChart spec.chart with spec.repo: helm-controller adds the repository under the HelmChart's
// own name and installs "<name>/<chart>" (pkg/controllers/chart/chart.go job: chartName; the job
// image's entry script helm_repo_init: `helm repo add ${NAME%%/*} ${REPO}`), so with a repo the
// chart must be the bare chart name in that repository: "jetstack/cert-manager" becomes
// "cert-manager/jetstack/cert-manager", a URL or oci:// reference becomes "<name>/oci://…".
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

export function chartRepoRules(obj: KubeObject): Finding[] {
  const repo = get(obj, 'spec', 'repo');
  const chart = get(obj, 'spec', 'chart');
  const name = obj.metadata?.name;
  if (typeof repo !== 'string' || repo === '' || typeof chart !== 'string' || typeof name !== 'string' || !chart.includes('/')) return [];
  const url = chart.includes('://');
  return [error('helm/chart-repo', 'spec.chart', `${JSON.stringify(chart)} with repo ${repo}: helm-controller adds that repository as "${name}" and installs "${name}/${chart}", `
    + (url ? 'which is not a chart reference, so the helm job fails' : 'a chart the repository does not have, so the helm job fails'),
  url ? 'drop spec.repo when the chart is a URL or an oci:// reference' : `give the chart's name in that repository: ${JSON.stringify(chart.split('/').pop())}`)];
}
