// Substituted values never reach an output: scrubbed from text and from events, plain or base64.
import { REDACTED, redactDeep, redactor } from '../../src/apply/redact';

test('replaces every occurrence of every value and of its base64 form', () => {
  const r = redactor(['s3cr3t', 'admin']);
  expect(r('user admin, password s3cr3t (s3cr3t)')).toBe(`user ${REDACTED}, password ${REDACTED} (${REDACTED})`);
  expect(r(`data: ${Buffer.from('s3cr3t').toString('base64')}`)).toBe(`data: ${REDACTED}`);
});

test('a value containing another is replaced whole; values under 3 characters are left alone', () => {
  expect(redactor(['abc', 'xabcx'])('-xabcx-abc-')).toBe(`-${REDACTED}-${REDACTED}-`);
  expect(redactor(['ab', ''])('ab cab')).toBe('ab cab');
});

test('redactDeep copies events with every string scrubbed', () => {
  const e = { type: 'failed', message: 'bad s3cr3t', stuck: [{ object: 'x', message: 's3cr3t!' }], n: 3 };
  expect(redactDeep(e, redactor(['s3cr3t']))).toEqual({ type: 'failed', message: `bad ${REDACTED}`, stuck: [{ object: 'x', message: `${REDACTED}!` }], n: 3 });
  expect(e.message).toBe('bad s3cr3t');
});
