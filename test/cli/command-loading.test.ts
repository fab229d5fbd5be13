// The CLI registers (and loads) only the command a run names; help, a bare or an unknown
// command get them all, in help order.
import { processIo } from '../../src/cli/io';
import { buildProgram, commandOf } from '../../src/cli/main';

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
])('%j names %s', (args, command) => {
  expect(commandOf(args)).toBe(command);
});

test('only the named command is registered; without one, every command in help order', () => {
  const names = (only?: string) => buildProgram(processIo(), () => undefined, only).commands.map(c => c.name());
  expect(names('apply')).toEqual(['apply']);
  expect(names()).toEqual(ALL);
});
