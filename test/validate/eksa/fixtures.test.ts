// The baseline configs of the preflight tests pass every check (so each failing test below
// fails for the one reason it introduces) and the validate pipeline agrees.
import { docker, errors, tinkerbell, vsphere, warnings } from './fixtures';
import { PreflightMode, runPreflights } from '../../../src/validate/eksa/preflights';
import { expectValid } from '../../util';

describe.each([['vSphere', vsphere], ['Tinkerbell', tinkerbell], ['Docker', docker]] as const)('%s baseline', (_, spec) => {
  test('passes every create preflight without warnings', () => {
    expect(errors(spec())).toEqual([]);
    expect(warnings(spec())).toEqual([]);
    expect(runPreflights(spec()).every(r => r.passed)).toBe(true);
  });

  test('passes every upgrade preflight against itself', () => {
    expect(errors(spec(), { mode: PreflightMode.UPGRADE, old: spec() })).toEqual([]);
  });

  test('passes the validate pipeline (schema, metadata, EKS-A rules)', () => {
    expectValid(spec());
  });
});
