// The object model every layer shares: a Kubernetes object as plain data — a parsed manifest,
// a synthesized ApiObject's JSON, or what the API server returned.

/** A Kubernetes object as plain data (a parsed manifest or a synthesized ApiObject). */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    [k: string]: any;
  };
  [k: string]: any;
}
