// A finding attached to the object it is about (the cross-object and set-level rules).
import { KubeObject } from './schema';
import { Finding } from '../core/errors';

export interface ObjectFinding {
  readonly object: KubeObject;
  readonly finding: Finding;
}
