// Butane fcos 1.4.0 / Ignition 3.3.0 rules (upstream-rules.md §7). They live next to the
// builder in src/ignition/; this module is where `validate` finds them.
export {
  at, checkCaprke2Base, checkContents, checkDirectory, checkFile, checkHeader, checkLink, checkMode, checkOverwrite, checkOwner, checkPath,
  checkSourceUrl, checkUnit, validateButane, CAPRKE2_BASE_PATHS, CAPRKE2_BASE_UNITS, DEFAULT_LOCATOR, SOURCE_SCHEMES, UNIT_SUFFIXES,
} from '../butane/rules';
export type { FieldLocator } from '../butane/rules';
export { parseButane } from '../butane/parse';
export type { ButaneFinding, ParsedButane, ParseButaneOptions } from '../butane/parse';
