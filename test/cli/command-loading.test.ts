// The CLI registers (and loads) only the command a run names; help, a bare or an unknown
// command get them all, in help order.
import { processIo } from '../../src/cli/io';
import { VERSION_ONLY, buildProgram, commandOf, main } from '../../src/cli/main';

const ALL = ['synth', 'validate', 'graph', 'apply', 'delete', 'status', 'plan', 'upgrade', 'backup', 'restore', 'simulate'];
const argv = (...a: string[]) => ['node', 'cdk8s-capi', ...a];

test.each([
  [argv('apply', 'dist', '--dry-run', 'server'), 'apply'],
  [argv('-v', 'apply', 'dist'), 'apply'],
  [argv('-vv', 'status', 'dist'), 'status'],
  [argv('--help'), undefined],
  [argv(), undefined],
  [argv('help', 'apply'), undefined],
  [argv('aply', 'dist'), undefined],
  [argv('--version'), VERSION_ONLY],
  [argv('-V'), VERSION_ONLY],
  [argv('-v', '--version'), VERSION_ONLY],
  [argv('--help', '--version'), undefined],
  [argv('--version', 'aply'), undefined],
])('%j names %s', (args, command) => {
  expect(commandOf(args)).toBe(command);
});

test('only the named command is registered; without one, every command in help order', () => {
  const names = (only?: string) => buildProgram(processIo(), () => undefined, only).commands.map(c => c.name());
  expect(names('apply')).toEqual(['apply']);
  expect(names()).toEqual(ALL);
  expect(names(VERSION_ONLY)).toEqual([]);
});

test('--version alone prints the version without registering a command', async () => {
  let out = '';
  const io = { ...processIo(), out: (t: string) => { out += t; } };
  expect(await main(argv('--version'), io)).toBe(0);
  expect(out).toMatch(/^\d+\.\d+\.\d+\n$/);
});
