// Argo CD Application destinations. Argo CD v3.5.1 resolves a destination with
// util/argo/argo.go GetDestinationServer: name and server together are refused ("application
// destination can't have both name and server defined"), neither is refused ("Destination server
// missing from app spec"), and a server is looked up as a cluster URL (util/db/cluster.go
// GetCluster), so a cluster name written in `server` matches no cluster. The application
// controller fails the Application on every reconcile (controller/appcontroller.go).
import { RuleContext, get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

/** Argo CD cluster Secrets of the set (label argocd.argoproj.io/secret-type: cluster): their name and server. */
function clusterSecrets(ctx: RuleContext): Array<{ name?: string; server?: string }> {
  return ctx.objects.filter(o => o?.kind === 'Secret' && o.metadata?.labels?.['argocd.argoproj.io/secret-type'] === 'cluster')
    .map(o => {
      const read = (k: string) => {
        if (typeof o.stringData?.[k] === 'string') return o.stringData[k] as string;
        const b = o.data?.[k];
        return typeof b === 'string' ? Buffer.from(b, 'base64').toString('utf8') : undefined;
      };
      return { name: read('name'), server: read('server') };
    });
}

/** Checks one destination (an Application's, or an ApplicationSet template's when it holds no template expressions). */
function destinationRules(dest: any, base: string, ctx: RuleContext): Finding[] {
  if (!dest || typeof dest !== 'object') return [];
  const { name, server } = dest;
  const templated = (v: unknown) => typeof v === 'string' && /\{\{|\$\{/.test(v);
  if (templated(name) || templated(server)) return [];
  const has = (v: unknown) => typeof v === 'string' && v !== '';
  if (has(name) && has(server)) {
    return [error('argocd/destination', `${base}.destination`, `both name ${JSON.stringify(name)} and server ${JSON.stringify(server)}: Argo CD refuses the destination ("application destination can't have both name and server defined") and never syncs`,
      'keep one: server (the cluster API URL) or name (the cluster\'s name in Argo CD)')];
  }
  if (!has(name) && !has(server)) {
    return [error('argocd/destination', `${base}.destination`, 'neither name nor server: Argo CD refuses the destination ("Destination server missing from app spec")',
      'set server (e.g. https://kubernetes.default.svc) or name (e.g. in-cluster)')];
  }
  if (has(server) && !/^https?:\/\//i.test(server)) {
    const secrets = clusterSecrets(ctx);
    if (secrets.some(s => s.server === server)) return [];
    const byName = secrets.some(s => s.name === server) || server === 'in-cluster';
    return [error('argocd/destination-server', `${base}.destination.server`,
      `${JSON.stringify(server)} is not a cluster API URL: Argo CD looks the server up among its clusters by URL, finds none ("cluster ... has not been configured") and never syncs`,
      byName ? `${JSON.stringify(server)} is a cluster name: write it as destination.name` : 'give the cluster API URL (https://…), or the cluster\'s name as destination.name')];
  }
  return [];
}

export function applicationDestinationRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  return destinationRules(get(obj, 'spec', 'destination'), 'spec', ctx);
}

export function applicationSetDestinationRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  return destinationRules(get(obj, 'spec', 'template', 'spec', 'destination'), 'spec.template.spec', ctx);
}
