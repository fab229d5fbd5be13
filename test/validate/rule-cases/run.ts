// Runs a rule case through what `cdk8s-capi validate` runs (with --against for update cases)
// and returns the findings of the case's rule id.
import { RuleCase } from './case';
import { eksaSetFindings } from '../../../src/validate/input-files';
import { Finding } from '../../../src/core/finding';
import { upgradeRules } from '../../../src/validate/upgrade';
import { validateObjects } from '../../../src/validate/validate';

export async function findingsOf(c: RuleCase): Promise<Finding[]> {
  const all: Finding[] = [];
  if (c.run) all.push(...await c.run());
  if (c.objects) {
    all.push(...validateObjects(c.objects).flatMap(r => r.findings));
    if (c.against) all.push(...upgradeRules(c.against, c.objects).map(f => f.finding));
    all.push(...eksaSetFindings(c.objects, [], c.against));
  }
  return all.filter(f => f.rule === c.rule);
}
