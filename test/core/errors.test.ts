// Every error meant for the user carries the exit code the README documents.
import {
  CdkCapiError, ConnectionError, ExitCode, FileError, InternalError, InvalidInputError, OperationError, UsageError, ValidationError,
} from '../../src/core/errors';
import { error } from '../../src/core/finding';

test.each([
  [new InvalidInputError('bad manifest'), ExitCode.INVALID],
  [new ValidationError('app/site', 'replicas', 'must be positive'), ExitCode.INVALID],
  [ValidationError.fromFindings('app/site', [error('r', 'f', 'wrong')]), ExitCode.INVALID],
  [new OperationError('timed out'), ExitCode.INVALID],
  [new UsageError('--timeout: invalid duration'), ExitCode.USAGE],
  [new FileError('cannot read x'), ExitCode.USAGE],
  [new ConnectionError('cannot reach the cluster'), ExitCode.USAGE],
  [new InternalError('lost an object'), ExitCode.INTERNAL],
])('%s exits %d', (e, code) => {
  expect(e).toBeInstanceOf(CdkCapiError);
  expect(e.exitCode).toBe(code);
  expect(e.reported).toBe(false);
});
