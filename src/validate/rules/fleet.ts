// Fleet v0.16.1 (rancher/fleet): what its controller does with Bundle targets (and the
// targetCustomizations of a fleet.yaml, read as a Bundle).
import { targetRules } from './fleet-targets';
import { RuleTable } from './rule';

export const FLEET_RULES: RuleTable = {
  'fleet.cattle.io/Bundle': [targetRules],
};
