import { ValidationError } from '../../src/core/errors';
import { bool, checkPropShape, int, list, obj, oneOf, propShapeProblems, record, str } from '../../src/core/prop-shape';

enum Color { RED = 'red', BLUE = 'blue' }
const SHAPE = obj({ name: str, count: int, on: bool, color: oneOf(Color), labels: record(str), tags: list(str), nested: obj({ a: str }) });
const problems = (v: unknown) => propShapeProblems(v, SHAPE, '').map(f => `${f.field}: ${f.message}${f.hint ? ` (${f.hint})` : ''}`);

test('a value of the right shape has no problems; unset props are fine', () => {
  expect(problems({ name: 'x', count: 1, on: true, color: Color.RED, labels: { a: 'b' }, tags: ['t'], nested: { a: 'z' } })).toEqual([]);
  expect(problems({})).toEqual([]);
});

test('fails wrong types, naming the prop, what it must be and what it got', () => {
  expect(problems({ name: 1, count: 1.5, on: 'yes', color: 'green', labels: 'x', tags: 'abc', nested: 'dhcp' })).toEqual([
    'name: must be a string (got number 1)',
    'count: must be a whole number (got number 1.5)',
    'on: must be true or false (got string "yes")',
    'color: must be one of "red", "blue" (got string "green")',
    'labels: must be a map (an object of key: value) (got string "x")',
    'tags: must be a list (got string "abc")',
    'nested: must be an object (got string "dhcp")',
  ]);
});

test('fails inside lists and maps, and on unknown (misspelt) props', () => {
  expect(problems({ tags: ['a', 2], labels: { k: 3 }, nested: { b: 'x' }, cidrBlocks: 'x' })).toEqual([
    'tags[1]: must be a string (got number 2)',
    'labels[k]: must be a string (got number 3)',
    'nested.b: unknown prop "b" (known: a)',
    'cidrBlocks: unknown prop "cidrBlocks" (known: name, count, on, color, labels, tags, nested)',
  ]);
});

test('non-finite numbers, null and lists are named', () => {
  expect(problems({ count: Infinity, name: null, nested: ['a'] })).toEqual([
    'count: must be a whole number (got number Infinity)',
    'name: must be a string (got null)',
    'nested: must be an object (got a list ["a"])',
  ]);
});

test('checkPropShape throws one typed error listing every problem', () => {
  expect(() => checkPropShape('app/x', 'text', SHAPE)).toThrow(ValidationError);
  expect(() => checkPropShape('app/x', 'text', SHAPE)).toThrow(/app\/x: props: must be an object \(got string\)/);
  expect(() => checkPropShape('app/x', { name: 1, on: 2 }, SHAPE)).toThrow(/name: must be a string[\s\S]*on: must be true or false/);
});
