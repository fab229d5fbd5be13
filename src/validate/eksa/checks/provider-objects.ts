// The provider objects a spec references: its datacenter config and machine configs by role.
import { KubeObject } from '../../../core/kube-object';
import { EksaSpec, MACHINE_KIND_OF, MachineRef, machineRefs, refOf, resolveRef } from '../eksa-spec';

export interface RoleMachine extends MachineRef {
  readonly machine: KubeObject;
}

export function datacenterOf(spec: EksaSpec): KubeObject | undefined {
  const dc = refOf(spec.cluster.spec?.datacenterRef);
  return dc && dc.kind === spec.datacenterKind && dc.name ? resolveRef(spec, dc.kind, dc.name) : undefined;
}

/** Machine configs referenced by the Cluster, with their role (unresolved refs are skipped). */
export function roleMachines(spec: EksaSpec): RoleMachine[] {
  const kind = MACHINE_KIND_OF[spec.datacenterKind];
  if (!kind) return [];
  const out: RoleMachine[] = [];
  for (const m of machineRefs(spec.cluster)) {
    if (m.ref.kind !== kind || !m.ref.name) continue;
    const machine = resolveRef(spec, kind, m.ref.name);
    if (machine) out.push({ ...m, machine });
  }
  return out;
}

/** Distinct machine configs among the role machines, in first-reference order. */
export function distinctMachines(roles: readonly RoleMachine[]): KubeObject[] {
  return [...new Set(roles.map(r => r.machine))];
}

/** Go's url.ParseRequestURI acceptance: an absolute URI or an absolute path, no spaces. */
export function isRequestUri(value: string): boolean {
  return !/\s/.test(value) && (/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(value) || value.startsWith('/'));
}
