// The management-cluster simulator's public surface (re-exports).
export { SimApiServer } from './api-server';
export type { SimApiServerOptions, SimRequestStats, SimServerHandle } from './api-server';
export { Simulator, KubeconfigSecretTiming } from './simulator';
export type { SimulatorOptions } from './simulator';
export { ManualClock, RealClock } from '../core/clock';
export type { Clock } from '../core/clock';
export { DEFAULT_DURATIONS, FAULT_ANNOTATION } from './controllers/common';
export type { Durations } from './controllers/common';
export { parseFaultSpec, WEBHOOK_GROUPS } from './faults';
export type { FaultSpec } from './faults';
export { ApiError } from './errors';
