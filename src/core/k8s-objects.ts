// Core-kind objects (Secret, Service, Namespace) go through cdk8s-plus-28's generated k8s
// classes, kept behind these helpers so replacing the unmaintained package stays a local change.
import { ApiObject } from 'cdk8s';
import { k8s } from 'cdk8s-plus-28';
import { Construct } from 'constructs';

export interface SecretOptions {
  readonly name: string;
  readonly namespace?: string;
  readonly labels?: Record<string, string>;
  readonly annotations?: Record<string, string>;
  readonly type?: string;
  /** base64 values */
  readonly data?: Record<string, string>;
  /** plain-text values */
  readonly stringData?: Record<string, string>;
}

export function secret(scope: Construct, id: string, o: SecretOptions): ApiObject {
  return new k8s.KubeSecret(scope, id, {
    metadata: { name: o.name, namespace: o.namespace, labels: o.labels, annotations: o.annotations },
    type: o.type ?? 'Opaque',
    data: o.data,
    stringData: o.stringData,
  });
}
