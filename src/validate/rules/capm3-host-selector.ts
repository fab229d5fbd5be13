// A Metal3Machine's or Metal3MachineTemplate's hostSelector as CAPM3 v1.13.2 reads it
// (`baremetal/metal3machine_manager.go` hostLabelSelectorForMachine): matchLabels become `=`
// requirements, matchExpressions operators are lowercased into apimachinery selection operators.
// A selector it cannot build fails host selection on every reconcile, and the machine never gets
// a host; the API server accepts it (the CRD leaves the operator a free string).
import { Finding, error } from '../../core/finding';
import { LabelSelector, hostSelectorProblems } from '../../core/selectors';

export function hostSelectorRules(selector: unknown, base: string): Finding[] {
  if (!selector || typeof selector !== 'object' || Array.isArray(selector)) return [];
  const sel = selector as LabelSelector;
  return hostSelectorProblems(sel).map(([f, m]) => {
    const op = /^matchExpressions\[(\d+)\]\.operator$/.exec(f);
    const written = op ? sel.matchExpressions?.[Number(op[1])]?.operator : undefined;
    const hint = written === 'DoesNotExist'
      ? 'CAPM3 lowercases the operator, and "doesnotexist" is no selection operator: write operator: "!" (with values: []) for does-not-exist'
      : op ? 'In, NotIn, Exists (any case), "!" (does not exist), "=", "==", "!=", Gt, Lt' : undefined;
    return error('capm3/host-selector', `${base}.${f}`, `${m}; CAPM3 never selects a host with this selector`, hint);
  });
}
