// The `rollout:` checks the JSON Schema cannot make (they depend on the fleet or on each
// other): wave sizes that go down once percentages are resolved against this inventory's
// fleet, a canary label or order-by key that is not a label. Each names file:line and field.
import { FleetRollout } from '../core/fleet-rollout';
import { RolloutSettingError, labelMatcher, layoutWaves, parseWaves } from '../core/fleet-waves';

export interface RolloutCheckProblem {
  readonly path: ReadonlyArray<string | number>;
  readonly message: string;
}

function check(path: Array<string | number>, fn: () => void, out: RolloutCheckProblem[]): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof RolloutSettingError)) throw e;
    out.push({ path, message: e.message });
  }
}

/** Problems of a schema-valid `rollout:` for a fleet of `fleetSize` clusters. */
export function rolloutProblems(rollout: FleetRollout | undefined, fleetSize: number): RolloutCheckProblem[] {
  if (!rollout) return [];
  const out: RolloutCheckProblem[] = [];
  if (rollout.waves) {
    const waves = rollout.waves;
    check(['rollout', 'waves'], () => layoutWaves(Array.from({ length: fleetSize }, (_, i) => i), parseWaves(waves)), out);
  }
  if (rollout.canaryLabel !== undefined) {
    const label = rollout.canaryLabel;
    check(['rollout', 'canaryLabel'], () => labelMatcher(label), out);
  }
  if (rollout.orderBy !== undefined && rollout.orderBy.includes('=')) {
    out.push({ path: ['rollout', 'orderBy'], message: `${JSON.stringify(rollout.orderBy)} is not a label key (e.g. region); canaryLabel takes key=value` });
  }
  return out;
}
