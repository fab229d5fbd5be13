// Non-YAML inputs of `validate`: anything that is not a manifest is reported as unsupported
// (hardware.csv support is added by the EKS Anywhere module).
import type { ReportedFinding } from './validate';
import { Severity } from '../core/errors';
import { KubeObject } from '../validate/schema';

export function otherFileFindings(files: readonly string[], _objects: readonly KubeObject[]): ReportedFinding[] {
  return files.map(file => ({
    severity: Severity.ERROR,
    rule: 'input/unsupported',
    field: '',
    file,
    line: 1,
    message: 'not a YAML manifest or a hardware.csv file',
  }));
}
