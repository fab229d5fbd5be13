// Core-kind objects (Secret, Service, Namespace) go through cdk8s-plus-28's generated k8s
// classes, kept behind these helpers so replacing the unmaintained package stays a local change.
import { ApiObject } from 'cdk8s';
import { k8s } from 'cdk8s-plus-28';
import { Construct } from 'constructs';
import { RenderedObjects } from './rendered-objects';

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

/** A Secret (sealed: its props are copies, frozen; see `RenderedObjects.seal`). */
export function secret(scope: Construct, id: string, o: SecretOptions): ApiObject {
  const copy = (m?: Record<string, string>) => (m ? { ...m } : undefined);
  const props = {
    metadata: { name: o.name, namespace: o.namespace, labels: copy(o.labels), annotations: copy(o.annotations) },
    type: o.type ?? 'Opaque',
    data: copy(o.data),
    stringData: copy(o.stringData),
  };
  return RenderedObjects.seal(new k8s.KubeSecret(scope, id, props), props);
}
