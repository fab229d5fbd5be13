// References inside the spec (upstream-rules.md §5.3): the datacenterRef object and every
// machineGroupRef exist in the file, are of the provider's kinds and share the Cluster's namespace.
import { Finding, error, warning } from '../../../core/finding';
import {
  DockerDatacenterKind, MACHINE_KIND_OF, TinkerbellDatacenterKind, VSphereDatacenterKind,
  about, machineRefs, refOf, resolveRef,
} from '../eksa-spec';
import { PreflightCheck } from './check';
import { namespaceProblem } from './same-namespace';

const CHECKED_PROVIDERS = [DockerDatacenterKind, VSphereDatacenterKind, TinkerbellDatacenterKind];

export const referencesCheck: PreflightCheck = {
  name: 'Validate datacenter and machine config references',
  run: ({ spec }) => {
    const out: Finding[] = [];
    const dc = refOf(spec.cluster.spec?.datacenterRef);
    if (!dc || !dc.kind || !dc.name) {
      out.push(error('eksa/datacenter-ref', 'spec.datacenterRef', 'datacenterRef needs a kind and a name', `e.g. {kind: ${VSphereDatacenterKind}, name: ${spec.name}}`));
      return about(spec.cluster, out);
    }
    if (!(dc.kind in MACHINE_KIND_OF)) {
      out.push(error('eksa/datacenter-ref', 'spec.datacenterRef.kind', `datacenterRef kind ${dc.kind} is not supported`, `one of ${Object.keys(MACHINE_KIND_OF).join(', ')}`));
      return about(spec.cluster, out);
    }
    if (!CHECKED_PROVIDERS.includes(dc.kind)) {
      out.push(warning('eksa/datacenter-ref', 'spec.datacenterRef.kind', `${dc.kind}: only references are checked offline`,
        `provider field rules are implemented for ${CHECKED_PROVIDERS.join(', ')}`));
    }
    const datacenter = resolveRef(spec, dc.kind, dc.name);
    if (!datacenter) {
      out.push(error('eksa/datacenter-ref', 'spec.datacenterRef', `${dc.kind} ${dc.name} not found`, `add a ${dc.kind} named ${dc.name} to the cluster config`));
    } else {
      const ns = namespaceProblem(spec, datacenter, 'spec.datacenterRef');
      if (ns) out.push(ns);
    }
    const machineKind = MACHINE_KIND_OF[dc.kind];
    if (!machineKind) return about(spec.cluster, out);
    for (const m of machineRefs(spec.cluster)) {
      if (!m.ref.name) {
        out.push(error('eksa/machine-group-ref', `${m.field}.name`, 'machineGroupRef needs a name'));
        continue;
      }
      if (m.ref.kind !== machineKind) {
        out.push(error('eksa/machine-group-ref', `${m.field}.kind`, `machineGroupRef kind ${m.ref.kind || '(empty)'} does not match the provider; ${dc.kind} clusters use ${machineKind}`));
        continue;
      }
      const target = resolveRef(spec, machineKind, m.ref.name);
      if (!target) {
        out.push(error('eksa/machine-group-ref', m.field, `${machineKind} ${m.ref.name} not found`, `add a ${machineKind} named ${m.ref.name} to the cluster config`));
      } else {
        const ns = namespaceProblem(spec, target, m.field);
        if (ns) out.push(ns);
      }
    }
    return about(spec.cluster, out);
  },
};
