// ClusterClass patches (internal/webhooks/patch_validation.go at v1.13.5): names, definitions
// vs external (RuntimeSDK gate), jsonPatch paths, array indexes, value/valueFrom, variables
// that must be defined (or be a known builtin), and selectors that must match a template of the class.
import { classVariables } from './cluster-class-variables';
import { RUNTIME_SDK_GATE, enableHint } from './feature-gates';
import { Finding, error, warning } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { checkQualifiedName } from '../../../core/names';
import { get } from '../rule';

const BUILTINS = new Set([
  'builtin', 'builtin.cluster', 'builtin.cluster.name', 'builtin.cluster.namespace', 'builtin.cluster.uid',
  'builtin.cluster.metadata.labels', 'builtin.cluster.metadata.annotations', 'builtin.cluster.topology',
  'builtin.cluster.topology.classRef.name', 'builtin.cluster.topology.classRef.namespace', 'builtin.cluster.topology.class',
  'builtin.cluster.topology.classNamespace', 'builtin.cluster.topology.version', 'builtin.cluster.network',
  'builtin.cluster.network.serviceDomain', 'builtin.cluster.network.services', 'builtin.cluster.network.pods',
  'builtin.controlPlane', 'builtin.controlPlane.name', 'builtin.controlPlane.replicas', 'builtin.controlPlane.version',
  'builtin.controlPlane.metadata.labels', 'builtin.controlPlane.metadata.annotations',
  'builtin.controlPlane.machineTemplate.infrastructureRef.name',
  'builtin.machineDeployment', 'builtin.machineDeployment.class', 'builtin.machineDeployment.name',
  'builtin.machineDeployment.replicas', 'builtin.machineDeployment.topologyName', 'builtin.machineDeployment.version',
  'builtin.machineDeployment.metadata.labels', 'builtin.machineDeployment.metadata.annotations',
  'builtin.machineDeployment.bootstrap.configRef.name', 'builtin.machineDeployment.infrastructureRef.name',
  'builtin.machinePool', 'builtin.machinePool.class', 'builtin.machinePool.name', 'builtin.machinePool.replicas',
  'builtin.machinePool.topologyName', 'builtin.machinePool.version', 'builtin.machinePool.metadata.labels',
  'builtin.machinePool.metadata.annotations', 'builtin.machinePool.bootstrap.configRef.name',
  'builtin.machinePool.infrastructureRef.name',
]);

const present = (v: unknown) => v !== undefined && v !== null;

function jsonPatchFindings(p: any, field: string, variables: Set<string>): Finding[] {
  const out: Finding[] = [];
  const path = typeof p?.path === 'string' ? p.path : '';
  if (!path.startsWith('/spec')) out.push(error('capi/cc-patches', `${field}.path`, `Invalid value: ${JSON.stringify(path)}: jsonPatch path must start with "/spec"`));
  for (const part of path.split('/')) {
    if (!/^[+-]?\d+$/.test(part)) continue;
    if (p.op === 'add' && Number(part) !== 0) {
      out.push(error('capi/cc-patches', `${field}.path`, `Invalid value: ${JSON.stringify(path)}: arrays can only be accessed using "0" (prepend) or "-" (append)`));
    }
    if (p.op === 'replace' || p.op === 'remove') {
      out.push(error('capi/cc-patches', `${field}.path`, `Invalid value: ${JSON.stringify(path)}: elements in arrays can not be accessed in a ${p.op} operation`));
    }
  }
  if (p?.op !== 'add' && p?.op !== 'replace') return out;
  if (!present(p.value) && !present(p.valueFrom)) out.push(error('capi/cc-patches', field, 'Invalid value: jsonPatch must define one of value or valueFrom'));
  if (present(p.value) && present(p.valueFrom)) out.push(error('capi/cc-patches', field, 'Invalid value: jsonPatch can not define both value and valueFrom'));
  const vf = p.valueFrom;
  if (!vf || typeof vf !== 'object') return out;
  if (!vf.template && !vf.variable) out.push(error('capi/cc-patches', `${field}.valueFrom`, 'Invalid value: valueFrom must set either template or variable'));
  if (vf.template && vf.variable) out.push(error('capi/cc-patches', `${field}.valueFrom`, 'Invalid value: valueFrom can not set both template and variable'));
  if (typeof vf.variable === 'string' && vf.variable) {
    if (vf.variable.startsWith('builtin.')) {
      if (!BUILTINS.has(vf.variable)) {
        out.push(error('capi/cc-patch-variable', `${field}.valueFrom.variable`, `Invalid value: ${JSON.stringify(vf.variable)}: not a defined builtin variable`,
          'e.g. builtin.cluster.name, builtin.controlPlane.version, builtin.machineDeployment.class'));
      }
    } else {
      const name = vf.variable.split(/[.[]/).filter(Boolean)[0] ?? '';
      if (!variables.has(name)) {
        out.push(error('capi/cc-patch-variable', `${field}.valueFrom.variable`, `Invalid value: ${JSON.stringify(vf.variable)}: variable with name ${vf.variable} cannot be found`,
          variables.size ? `spec.variables defines: ${[...variables].join(', ')}` : 'spec.variables defines none'));
      }
    }
  }
  return out;
}

const matchesRef = (sel: any, ref: any) => ref && sel?.kind === ref.kind && sel?.apiVersion === ref.apiVersion;

function selectorFindings(sel: any, cc: KubeObject, field: string): Finding[] {
  const mr = sel?.matchResources ?? {};
  const names = (x: any): string[] => (Array.isArray(x?.names) ? x.names : []);
  if (!mr.infrastructureCluster && !mr.controlPlane && !names(mr.machineDeploymentClass).length && !names(mr.machinePoolClass).length) {
    return [error('capi/cc-patch-selector', field, 'Invalid value: no selector enabled', 'set matchResources.infrastructureCluster, controlPlane, or machineDeploymentClass.names')];
  }
  const out: Finding[] = [];
  const spec = cc.spec ?? {};
  if (mr.infrastructureCluster && !matchesRef(sel, get(spec, 'infrastructure', 'templateRef'))) {
    out.push(error('capi/cc-patch-selector', `${field}.matchResources.infrastructureCluster`, 'Invalid value: true: selector is enabled but does not match the infrastructure ref'));
  }
  if (mr.controlPlane && !matchesRef(sel, get(spec, 'controlPlane', 'templateRef')) && !matchesRef(sel, get(spec, 'controlPlane', 'machineInfrastructure', 'templateRef'))) {
    out.push(error('capi/cc-patch-selector', `${field}.matchResources.controlPlane`, 'Invalid value: true: selector is enabled but matches neither the controlPlane ref nor the controlPlane machineInfrastructure ref'));
  }
  for (const [key, list, what] of [['machineDeploymentClass', 'machineDeployments', 'MachineDeployment'], ['machinePoolClass', 'machinePools', 'MachinePool']] as const) {
    const classes: any[] = Array.isArray(get(spec, 'workers', list)) ? get(spec, 'workers', list) : [];
    for (const [i, name] of names(mr[key]).entries()) {
      const at = `${field}.matchResources.${key}.names[${i}]`;
      if (typeof name !== 'string') continue;
      if (name.includes('*')) {
        const why = (name.split('*').length - 1) > 1 ? 'selector can at most contain a single "*" rune'
          : !name.startsWith('*') && !name.endsWith('*') ? '"*" rune can only appear at the beginning, or ending of the selector'
            : checkQualifiedName(name.replace(/\*/g, 'a')) ? 'selector does not comply with the Kubernetes naming standards' : undefined;
        if (why) {
          out.push(error('capi/cc-patch-selector', at, `Invalid value: ${JSON.stringify(name)}: ${why}`));
          break;
        }
      }
      const match = classes.some(c => {
        const cls = String(c?.class ?? '');
        const nameMatches = cls === name || name === '*' || (name.startsWith('*') && cls.endsWith(name.slice(1))) || (name.endsWith('*') && cls.startsWith(name.slice(0, -1)));
        return nameMatches && (matchesRef(sel, get(c, 'infrastructure', 'templateRef')) || matchesRef(sel, get(c, 'bootstrap', 'templateRef')));
      });
      if (!match) {
        out.push(error('capi/cc-patch-selector', at, `Invalid value: ${JSON.stringify(name)}: selector is enabled but matches neither the bootstrap ref nor the infrastructure ref of a ${what} class`,
          `the selector's apiVersion/kind (${sel?.apiVersion}/${sel?.kind}) must be those of a template the class references`));
      }
    }
  }
  return out;
}

export function clusterClassPatchFindings(cc: KubeObject): Finding[] {
  const patches = get(cc, 'spec', 'patches');
  if (!Array.isArray(patches)) return [];
  const variables = new Set(classVariables(cc).map(([, v]) => v.name).filter((n): n is string => typeof n === 'string'));
  const out: Finding[] = [];
  const names = new Set<string>();
  patches.forEach((p, i) => {
    const field = `spec.patches[${i}]`;
    if (!p || typeof p !== 'object') return;
    if (p.name === 'inline') out.push(error('capi/cc-patches', `${field}.name`, 'Required value: "inline" can not be used as the name of a patch'));
    if (typeof p.name === 'string' && names.has(p.name)) {
      out.push(error('capi/cc-patches', `${field}.name`, `Invalid value: ${JSON.stringify(p.name)}: patch names must be unique. Patch with name ${JSON.stringify(p.name)} is defined more than once`));
    }
    if (typeof p.name === 'string') names.add(p.name);
    if (!present(p.definitions) && !present(p.external)) out.push(error('capi/cc-patches', field, 'Required value: one of definitions or external must be defined'));
    if (present(p.definitions) && present(p.external)) out.push(error('capi/cc-patches', field, 'Invalid value: only one of definitions or external can be defined'));
    (Array.isArray(p.definitions) ? p.definitions : []).forEach((d: any, j: number) => {
      const df = `${field}.definitions[${j}]`;
      (Array.isArray(d?.jsonPatches) ? d.jsonPatches : []).forEach((jp: any, k: number) => out.push(...jsonPatchFindings(jp, `${df}.jsonPatches[${k}]`, variables)));
      out.push(...selectorFindings(d?.selector, cc, `${df}.selector`));
    });
    if (p.external && typeof p.external === 'object') {
      out.push(warning('capi/cc-patches', `${field}.external`, `patch.external can be used only if the ${RUNTIME_SDK_GATE} feature flag is enabled (off by default at CAPI v1.13.5)`, enableHint(RUNTIME_SDK_GATE)));
      if (!p.external.validateTopologyExtension && !p.external.generatePatchesExtension) {
        out.push(error('capi/cc-patches', `${field}.external`, 'Invalid value: one of validateTopologyExtension and generatePatchesExtension must be defined'));
      }
    }
  });
  return out;
}
