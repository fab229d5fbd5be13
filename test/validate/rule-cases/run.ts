// Runs a rule case through what `cdk8s-capi validate` runs — the one orchestration,
// validateInput, with --against for update cases — and returns the findings of the case's rule id.
import { RuleCase } from './case';
import { Finding } from '../../../src/core/finding';
import { KubeObject } from '../../../src/core/kube-object';
import { Input } from '../../../src/validate/input-load';
import { validateInput } from '../../../src/validate/validate-input';

/** The objects as if read from one file (every finding on line 1). */
function inMemory(objects: readonly KubeObject[], file: string): Input {
  return {
    manifests: objects.map((object, index) => ({ file, index, object, line: 1, lineOf: () => 1 })),
    problems: [],
    otherFiles: [],
    yamlFiles: [file],
  };
}

export async function findingsOf(c: RuleCase): Promise<Finding[]> {
  const all: Finding[] = [];
  if (c.run) all.push(...await c.run());
  if (c.objects) {
    const against = c.against ? inMemory(c.against, 'applied.yaml') : undefined;
    all.push(...validateInput(inMemory(c.objects, 'case.yaml'), { against }).findings);
  }
  return all.filter(f => f.rule === c.rule);
}
