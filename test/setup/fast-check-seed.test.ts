// The jest setup pins fast-check's seed: the same run draws the same cases.
import fc from 'fast-check';

test('property tests without their own seed draw the same cases on every run', () => {
  expect(fc.readConfigureGlobal().seed).toBe(Number(process.env.FC_SEED ?? 20261201));
  const draw = () => fc.sample(fc.integer(), 5);
  expect(draw()).toEqual(draw());
});
