// `cdk8s-capi/inventory`: inventory files (YAML, hosts from a hardware.csv) → constructs →
// one folder per cluster, with optional GitOps ordering metadata.
export * from './types';
export { loadInventory, LoadedInventory, InventoryError, InventoryProblem, INVENTORY_SCHEMA, formatProblem } from './load';
export { buildInventory, BuildOptions, ClusterOutput } from './build';
export { synthesizeInventory, SynthResult } from './synthesize';
export { SYNTH_CACHE } from './synth-cache';
export { renderOutput, writeOutput, WriteOptions, OutputDirError, OUTPUT_MARKER } from './write';
export { GitOpsFlavor } from '../gitops/layout';
