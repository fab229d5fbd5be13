import { decimalDigitsAsOctal, isUnsurprisingMode, looksDecimal, octalLiteral } from '../../../src/validate/butane/mode';
import { cleanPath, isBelow } from '../../../src/validate/butane/paths';

describe('modes', () => {
  test('octal literals have a leading zero, except zero itself', () => {
    expect(octalLiteral(0o644)).toBe('0644');
    expect(octalLiteral(0o4755)).toBe('04755');
    expect(octalLiteral(0)).toBe('0');
  });

  test.each([0o644, 0o600, 0o640, 0o444, 0o755, 0o750, 0o700, 0o555, 0o664, 0o775, 0o777, 0])('mode 0%s (octal) is unsurprising for files', m => {
    expect(isUnsurprisingMode(m, false)).toBe(true);
  });

  test.each([
    [0o1204, false], // 644 typed in decimal
    [0o1363, true], // 755 typed in decimal, as a directory
    [0o046, false], // group less than other
    [0o200, false], // write without read
    [0o744, false], // runnable by owner only but readable by all
    [0o4744, false], // setuid on a non-runnable file
    [0o4757, false], // setuid and world-writable
    [0o1755, false], // sticky file
    [0o644, true], // directory nobody can enter
    [0o4755, true], // setuid directory
  ])('mode %o (directory: %s) is surprising', (m, dir) => {
    expect(isUnsurprisingMode(m, dir)).toBe(false);
  });

  test('directories may be setgid or sticky when someone can write', () => {
    expect(isUnsurprisingMode(0o1777, true)).toBe(true);
    expect(isUnsurprisingMode(0o2775, true)).toBe(true);
    expect(isUnsurprisingMode(0o1555, true)).toBe(false);
  });

  test('decimal digits read as octal', () => {
    expect(decimalDigitsAsOctal(644)).toBe(0o644);
    expect(decimalDigitsAsOctal(7777)).toBe(0o7777);
    expect(decimalDigitsAsOctal(648)).toBeUndefined();
    expect(decimalDigitsAsOctal(10000)).toBeUndefined();
  });

  test('644, 755, 600 and 400 look decimal; 420, 493 and 0o644 do not', () => {
    expect([644, 600, 400].map(m => looksDecimal(m, false))).toEqual([true, true, true]);
    expect(looksDecimal(755, true)).toBe(true);
    expect([420, 493, 0o644, 0].map(m => looksDecimal(m, false))).toEqual([false, false, false, false]);
  });
});

describe('paths', () => {
  test.each([
    ['/a/b', '/a/b'], ['/a/../b', '/b'], ['/..', '/'], ['//a//b/', '/a/b'], ['/a/./b/.', '/a/b'], ['a/../..', '..'], ['', '.'],
  ])('cleanPath(%j) is %j, as Go\'s path.Clean', (p, clean) => {
    expect(cleanPath(p)).toBe(clean);
  });

  test('isBelow only matches whole path elements', () => {
    expect(isBelow('/opt/app/x', '/opt/app')).toBe(true);
    expect(isBelow('/opt/apple', '/opt/app')).toBe(false);
    expect(isBelow('/opt/app', '/opt/app')).toBe(false);
    expect(isBelow('/x', '/')).toBe(true);
  });
});
