// The BareMetalHost annotations baremetal-operator v0.13.2 validates (webhook
// `validateAnnotations`, `validateInspectionMode`): the status and hardware-details annotations
// are decoded strictly into their Go types (unknown fields fail), the reboot annotation leniently;
// an empty value of the status, hardware-details or reboot annotation is skipped.
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { goDecode, goField } from '../go-json';
import { SchemaRegistry } from '../schema';

export const INSPECT_ANNOTATION = 'inspect.metal3.io';
const HARDWARE_DETAILS_ANNOTATION = 'inspect.metal3.io/hardwaredetails';
const STATUS_ANNOTATION = 'baremetalhost.metal3.io/status';
const REBOOT_ANNOTATION = 'reboot.metal3.io';

/** `BareMetalHostStatus` at the tag: `OperationalStatusAllowed`, `ErrorTypeAllowed`. */
const OPERATIONAL_STATUS_ALLOWED = ['', 'OK', 'discovered', 'error', 'delayed', 'detached'];
const ERROR_TYPE_ALLOWED = ['', 'provisioned registration error', 'registration error', 'inspection error', 'preparation error', 'provisioning error', 'power management error'];

/** `RebootAnnotationArguments`: unknown keys are ignored by json.Unmarshal. */
const REBOOT_ARGUMENTS = { type: 'object', properties: { mode: { type: 'string' }, force: { type: 'boolean' } } };

export function inspectionDisabled(obj: KubeObject): boolean {
  return get(obj, 'spec', 'inspectionMode') === 'disabled' || obj.metadata?.annotations?.[INSPECT_ANNOTATION] === 'disabled';
}

/** The Go types the annotations decode into, as the CRD's structural schema has them. */
function statusSchema(): any {
  return SchemaRegistry.default().structuralSchema('metal3.io/v1alpha1', 'BareMetalHost')?.properties?.status;
}

const field = (key: string) => `metadata.annotations[${key}]`;

function statusAnnotationRules(value: string): Finding[] {
  if (value === '') return [];
  const { value: status, problem } = goDecode(value, statusSchema(), { disallowUnknownFields: true, firstValueOnly: true });
  if (problem) return [error('bmo/status-annotation', field(STATUS_ANNOTATION), `error decoding status annotation: ${problem}`, 'a BareMetalHostStatus as JSON (as written by a status backup), or no annotation')];
  const op = goField(status, 'operationalStatus') ?? '';
  if (!OPERATIONAL_STATUS_ALLOWED.includes(op as string)) {
    return [error('bmo/status-annotation', field(STATUS_ANNOTATION), `invalid operationalStatus '${op}' in the ${STATUS_ANNOTATION} annotation`, `one of ${OPERATIONAL_STATUS_ALLOWED.filter(Boolean).join(', ')}`)];
  }
  const et = goField(status, 'errorType') ?? '';
  if (!ERROR_TYPE_ALLOWED.includes(et as string)) {
    return [error('bmo/status-annotation', field(STATUS_ANNOTATION), `invalid errorType '${et}' in the ${STATUS_ANNOTATION} annotation`, `one of ${ERROR_TYPE_ALLOWED.filter(Boolean).map(e => JSON.stringify(e)).join(', ')}`)];
  }
  return [];
}

function hardwareDetailsRules(obj: KubeObject, value: string): Finding[] {
  if (value === '') return [];
  if (!inspectionDisabled(obj)) {
    return [error('bmo/hardware-details', field(HARDWARE_DETAILS_ANNOTATION),
      'when hardware details are provided, inspection must be disabled (either via inspect.metal3.io annotation or inspectionMode field)',
      'set spec.inspectionMode: disabled')];
  }
  const p = goDecode(value, statusSchema()?.properties?.hardware, { disallowUnknownFields: true, firstValueOnly: true }).problem;
  return p ? [error('bmo/hardware-details', field(HARDWARE_DETAILS_ANNOTATION), `error decoding the ${HARDWARE_DETAILS_ANNOTATION} annotation: ${p}`, 'a HardwareDetails object as JSON (the status.hardware of an inspected host)')] : [];
}

function rebootRules(key: string, value: string): Finding[] {
  if (value === '') return [];
  const { value: args, problem } = goDecode(value, REBOOT_ARGUMENTS);
  if (problem) return [error('bmo/reboot', field(key), `failed to unmarshal the data from the ${REBOOT_ANNOTATION} annotation: ${problem}`, 'use "" or {"mode": "hard"|"soft"}')];
  const mode = goField(args, 'mode') ?? '';
  if (!['hard', 'soft', ''].includes(mode as string)) {
    return [error('bmo/reboot', field(key), `${JSON.stringify(mode)}: invalid mode in the ${REBOOT_ANNOTATION} annotation, allowed are "hard", "soft" or ""`)];
  }
  return [];
}

function inspectionRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const ann = obj.metadata?.annotations ?? {};
  const inspect = ann[INSPECT_ANNOTATION];
  if (inspect !== undefined && inspect !== 'disabled' && inspect !== '') {
    out.push(error('bmo/inspection', field(INSPECT_ANNOTATION), `${JSON.stringify(inspect)}: invalid value for the ${INSPECT_ANNOTATION} annotation, allowed are "disabled" or ""`,
      'or use spec.inspectionMode'));
  }
  const mode = get(obj, 'spec', 'inspectionMode');
  if (inspect && mode && (inspect === 'disabled') !== (mode === 'disabled')) {
    out.push(error('bmo/inspection', 'spec.inspectionMode', `inspect.metal3.io annotation and inspectionMode field have contradicting values (${JSON.stringify(inspect)}, ${JSON.stringify(mode)})`,
      'drop the annotation: spec.inspectionMode replaces it'));
  }
  return out;
}

export function annotationRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  for (const [k, v] of Object.entries(obj.metadata?.annotations ?? {})) {
    if (typeof v !== 'string') continue; // the schema reports it
    if (k === STATUS_ANNOTATION) out.push(...statusAnnotationRules(v));
    else if (k === REBOOT_ANNOTATION || k.startsWith(`${REBOOT_ANNOTATION}/`)) out.push(...rebootRules(k, v));
    else if (k === HARDWARE_DETAILS_ANNOTATION) out.push(...hardwareDetailsRules(obj, v));
  }
  out.push(...inspectionRules(obj));
  return out;
}
