// How EksaCluster recognizes the EksaApp it lives in without importing it (eksa-app imports
// eksa-cluster). A registered symbol, not `instanceof`: cdk8s' Chart overrides
// Symbol.hasInstance, and two copies of the package must still recognize each other.
export const EKSA_APP_SYMBOL = Symbol.for('cdk8s-capi.EksaApp');
export const EKSA_CLUSTER_SYMBOL = Symbol.for('cdk8s-capi.EksaCluster');

/** True when `x` is (a subclass of) EksaApp. */
export function isEksaApp(x: unknown): boolean {
  return typeof x === 'object' && x !== null && (x as any)[EKSA_APP_SYMBOL] === true;
}
