// --env-file: KEY=VALUE lines; errors name the file and line, never the line's text.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EnvFileError, parseEnvFile, readEnvFile, variablesFrom } from '../../src/apply/env-file';

test('KEY=VALUE lines, comments, export, quotes and escapes', () => {
  expect(parseEnvFile([
    '# BMC credentials',
    '',
    'BMC_NODE1_USERNAME=admin',
    'export BMC_NODE1_PASSWORD=p#ss w=rd  ',
    'QUOTED="a \\"b\\" c\\n\\t\\\\ \\$x"  # comment',
    "SINGLE='raw \\n ${X}'",
    'EMPTY=',
    '  SPACED = value with spaces ',
    'DUP=1',
    'DUP=2',
  ].join('\r\n'), 'bmc.env')).toEqual({
    BMC_NODE1_USERNAME: 'admin',
    BMC_NODE1_PASSWORD: 'p#ss w=rd',
    QUOTED: 'a "b" c\n\t\\ $x',
    SINGLE: 'raw \\n ${X}',
    EMPTY: '',
    SPACED: 'value with spaces',
    DUP: '2',
  });
});

test.each([
  ['JUST-A-LINE-WITH-s3cret', 'bmc.env:2: expected KEY=VALUE'],
  ['1BAD=s3cret', 'bmc.env:2: invalid variable name (letters, digits and _, not starting with a digit)'],
  ['K="s3cret', 'bmc.env:2 (K): unterminated double-quoted value'],
  ["K='s3cret", 'bmc.env:2 (K): unterminated single-quoted value'],
  ['K="s3cret" trailing', 'bmc.env:2 (K): unexpected text after the closing quote'],
  ['K="\\q s3cret"', 'bmc.env:2 (K): unknown escape in a double-quoted value (use \\n \\t \\r \\" \\\\ \\$)'],
])('fails for %j with file:line and without the value', (line, message) => {
  expect(() => parseEnvFile(`OK=1\n${line}\n`, 'bmc.env')).toThrow(new EnvFileError(message));
  try {
    parseEnvFile(`OK=1\n${line}\n`, 'bmc.env');
  } catch (e) {
    expect((e as Error).message).not.toContain('s3cret');
  }
});

test('fails for a missing file or a directory with a usage message', () => {
  const dir = mkdtempSync(join(tmpdir(), 'envfile-'));
  expect(() => readEnvFile(join(dir, 'nope.env'))).toThrow(`cannot read --env-file ${join(dir, 'nope.env')}: no such file`);
  expect(() => readEnvFile(dir)).toThrow(`cannot read --env-file ${dir}: is a directory`);
});

test('later files win, the environment wins over files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'envfile-'));
  writeFileSync(join(dir, 'a.env'), 'A=from-a\nB=from-a\nC=from-a\n');
  writeFileSync(join(dir, 'b.env'), 'B=from-b\nC=from-b\n');
  expect(variablesFrom([join(dir, 'a.env'), join(dir, 'b.env')], { C: 'from-env', D: 'env-only' })).toEqual({
    A: 'from-a', B: 'from-b', C: 'from-env', D: 'env-only',
  });
});
