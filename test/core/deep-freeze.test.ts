import { deepFreeze } from '../../src/core/deep-freeze';

class Owner {
  value = 1;
}

describe('deepFreeze', () => {
  test('freezes plain objects and arrays at every level and returns the value', () => {
    const data = { a: { b: [{ c: 1 }] } };
    expect(deepFreeze(data)).toBe(data);
    expect(Object.isFrozen(data.a.b[0])).toBe(true);
  });

  test('fails (TypeError) when frozen data is changed', () => {
    const data = deepFreeze({ list: ['x'] });
    expect(() => data.list.push('y')).toThrow(TypeError);
  });

  test('leaves class instances alone', () => {
    const owner = new Owner();
    deepFreeze({ owner });
    owner.value = 2;
    expect(owner.value).toBe(2);
  });
});
