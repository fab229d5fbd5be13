export * from './types';
export * from './butane-config';
export * from './parse';
export * from './validate';
export * from './ignition-json';
export { encodeDataUrl, decodeDataUrl } from './data-url';
export { parseUnitFile } from './unit-file';
export type { UnitFileOption, UnitFileParse } from './unit-file';
