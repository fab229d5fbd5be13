// Public API of the Butane/Ignition module. The individual rule functions are exported for
// the validate layer from src/validate/rules/butane.ts.
export * from '../validate/butane/model';
export * from './butane-config';
export { parseButane } from '../validate/butane/parse';
export type { ButaneFinding, ParsedButane, ParseButaneOptions } from '../validate/butane/parse';
export { validateButane } from '../validate/butane/rules';
export { ignitionConfig } from './ignition-json';
export type {
  IgnitionConfig, IgnitionDirectory, IgnitionDropin, IgnitionFile, IgnitionLink, IgnitionNodeOwner, IgnitionResource, IgnitionUnit,
} from './ignition-json';
