// A finding attached to the object it is about (the cross-object and set-level rules).
import { Finding } from '../core/errors';
import { KubeObject } from '../core/kube-object';

export interface ObjectFinding {
  readonly object: KubeObject;
  readonly finding: Finding;
}
