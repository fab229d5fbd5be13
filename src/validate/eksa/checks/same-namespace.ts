// pkg/cluster/validate.go validateSameNamespace: every object the Cluster references is in the
// Cluster's namespace, compared as written — eksctl fills in no namespace before this check, so
// an unset namespace and "default" differ for eksctl (they are the same to kubectl).
import { Finding, error } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { EksaSpec, namespaceOf } from '../eksa-spec';

function written(o: KubeObject): string {
  const ns = o.metadata?.namespace;
  return typeof ns === 'string' ? ns : '';
}

/** The eksa/namespace finding for `target` referenced at `field`, or undefined when the namespaces match. */
export function namespaceProblem(spec: EksaSpec, target: KubeObject, field: string): Finding | undefined {
  const kind = String(target.kind);
  const message = `${kind} and Cluster objects must have the same namespace specified`;
  if (namespaceOf(target) !== spec.namespace) {
    return error('eksa/namespace', field, message, `Cluster is in ${spec.namespace}, ${kind} ${String(target.metadata?.name)} in ${namespaceOf(target)}`);
  }
  const a = written(spec.cluster);
  const b = written(target);
  if (a === b) return undefined;
  return error('eksa/namespace', field, `${message} (eksctl compares them as written: ${a ? `namespace ${a}` : 'no namespace'} on the Cluster, ${b ? `namespace ${b}` : 'none'} on ${kind} ${String(target.metadata?.name)})`,
    `write the same namespace on both, or on neither (kubectl would read both as ${spec.namespace})`);
}
