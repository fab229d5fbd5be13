import { parseUnitFile } from '../../../src/validate/butane/unit-file';
import { PREINSTALL_UNIT } from '../../ignition/reference';

describe('parseUnitFile', () => {
  test('reads sections and options of the preinstall unit, comments skipped', () => {
    const r = parseUnitFile(PREINSTALL_UNIT);
    expect(r.error).toBeUndefined();
    expect(r.sections).toEqual(['Unit', 'Service', 'Install']);
    expect(r.options.filter(o => o.name === 'ExecStart')).toHaveLength(4);
    expect(r.options.find(o => o.section === 'Install')).toEqual({ section: 'Install', name: 'WantedBy', value: 'multi-user.target' });
    expect(r.options.some(o => o.name.startsWith('#'))).toBe(false);
  });

  test('joins continuation lines, keeping the line breaks, and trims around "="', () => {
    const r = parseUnitFile('[Service]\nExecStart = /bin/sh -c \\\n  "echo hi"\n; comment \\\n  still comment\nType=oneshot\n');
    expect(r.options).toEqual([
      { section: 'Service', name: 'ExecStart', value: '/bin/sh -c \\\n  "echo hi"' },
      { section: 'Service', name: 'Type', value: 'oneshot' },
    ]);
  });

  test('skips text before the first section and accepts empty values and CRLF', () => {
    const r = parseUnitFile('stray text\n[Unit]\r\nDescription=\r\nAfter=x\r\n');
    expect(r.error).toBeUndefined();
    expect(r.options.map(o => [o.name, o.value])).toEqual([['Description', ''], ['After', 'x']]);
  });

  test('accepts empty contents and contents without a final newline', () => {
    expect(parseUnitFile('')).toEqual({ sections: [], options: [] });
    expect(parseUnitFile('[Unit]\nA=b').options).toEqual([{ section: 'Unit', name: 'A', value: 'b' }]);
  });

  test.each([
    ['[Unit\nA=b\n', 'unable to find end of section', 1],
    ['[Unit]\nA=b\n[Service] x\n', 'found garbage after section name [Service]', 3],
    ['[Unit]\nA=b\nDescription\n', 'unexpected newline', 3],
    ['[Unit]\nA=b\nDescription', 'unexpected end of file', 3],
    [`[Unit]\nA=${'é'.repeat(1100)}\n`, 'line too long', 2],
  ])('fails on %#: %s', (text, message, line) => {
    const r = parseUnitFile(text);
    expect(r.error).toContain(message);
    expect(r.line).toBe(line);
  });

  test('passes a line just under the systemd limit', () => {
    expect(parseUnitFile(`[Unit]\nA=${'x'.repeat(2045)}\n`).error).toBeUndefined();
    expect(parseUnitFile(`[Unit]\nA=${'x'.repeat(2046)}\n`).error).toContain('line too long');
  });
});
