// Output held until a decision: released in order (stdout and stderr interleaved as written),
// or dropped; afterwards writes go straight through.
import { HeldOutput } from '../../src/cli/held-output';

function sink() {
  const writes: string[] = [];
  return { writes, io: { out: (t: string) => writes.push(`out:${t}`), err: (t: string) => writes.push(`err:${t}`) } };
}

test('nothing is written while held; release writes it in order, one write per run of a stream', () => {
  const { writes, io } = sink();
  const h = new HeldOutput(io);
  h.out('a\n');
  h.out('b\n');
  h.err('c\n');
  h.out('d\n');
  expect(writes).toEqual([]);
  h.release();
  expect(writes).toEqual(['out:a\nb\n', 'err:c\n', 'out:d\n']);
  h.out('e\n');
  expect(writes[writes.length - 1]).toBe('out:e\n');
});

test('discard drops what was held', () => {
  const { writes, io } = sink();
  const h = new HeldOutput(io);
  h.out('progress\n');
  h.discard();
  expect(writes).toEqual([]);
});
