// The apply plan, computed from manifests alone (pure): a dependency graph with built-in edges
// plus `config.kubernetes.io/depends-on`, cut into stages in the spirit of EKS Anywhere's
// create workflow — enroll hosts, create the cluster objects, wait for the control plane,
// the workers, the kubeconfig and the cluster.
import { InvalidInputError } from '../core/errors';
import { effectiveNamespace, keyOf } from '../core/object-key';
import { ObjectRef, describeRef, refOf } from '../core/object-ref';
import { selectorMatches } from '../core/selectors';
import { isStatic } from './readiness/rules';
import { KubeObject } from '../core/kube-object';

export interface PlanNode {
  readonly key: string;
  readonly ref: ObjectRef;
  readonly object: KubeObject;
  /** Keys of the objects this one needs first, with why. */
  readonly dependsOn: Map<string, string>;
}

export enum StageId {
  PREREQUISITES = 'prerequisites',
  HOSTS = 'hosts',
  OBJECTS = 'objects',
  CONTROL_PLANE = 'control-plane',
  WORKERS = 'workers',
  KUBECONFIG = 'kubeconfig',
  CLUSTER = 'cluster',
}

/** Something to wait for: an applied object, or one a controller creates (the kubeconfig Secret). */
export interface WaitTarget {
  readonly ref: ObjectRef;
  /** Created by a controller, not by us. */
  readonly derived: boolean;
  /** For kubeconfig Secrets: the CAPI cluster it belongs to. */
  readonly cluster?: string;
}

export interface Stage {
  readonly id: StageId;
  /** One line, EKS-A style: "Enrolling bare-metal hosts". */
  readonly title: string;
  /** Objects to apply, in dependency order. */
  readonly apply: PlanNode[];
  readonly waitFor: WaitTarget[];
}

export interface Plan {
  readonly nodes: Map<string, PlanNode>;
  readonly stages: Stage[];
  /** depends-on references to objects outside the set (must already exist). */
  readonly external: Array<{ from: string; to: ObjectRef }>;
}

export class PlanError extends InvalidInputError {
  constructor(message: string) {
    super(message);
    this.name = 'PlanError';
  }
}

export const DEPENDS_ON_ANNOTATION = 'config.kubernetes.io/depends-on';

/** Parses cli-utils' depends-on syntax: `group/namespaces/ns/Kind/name` or `group/Kind/name`, comma-separated. */
export function parseDependsOn(value: string, from: string): Array<Pick<ObjectRef, 'group' | 'kind' | 'namespace' | 'name'>> {
  return value.split(',').map(s => s.trim()).filter(Boolean).map(s => {
    const p = s.split('/');
    if (p.length === 5 && p[1] === 'namespaces') return { group: p[0], namespace: p[2], kind: p[3], name: p[4] };
    if (p.length === 3) return { group: p[0], kind: p[1], name: p[2] };
    throw new PlanError(`${from}: invalid ${DEPENDS_ON_ANNOTATION} entry ${JSON.stringify(s)} (use <group>/namespaces/<namespace>/<Kind>/<name> or <group>/<Kind>/<name>)`);
  });
}

function builtinEdges(nodes: PlanNode[], byKey: Map<string, PlanNode>): void {
  const find = (group: string, kind: string, namespace: string | undefined, name: string) => byKey.get(keyOf({ group, kind, namespace, name }));
  const add = (n: PlanNode, dep: PlanNode | undefined, why: string) => {
    if (dep && dep !== n) n.dependsOn.set(dep.key, why);
  };
  const crds = nodes.filter(n => n.ref.kind === 'CustomResourceDefinition');
  const namespaces = nodes.filter(n => n.ref.kind === 'Namespace' && n.ref.group === '');
  const hosts = nodes.filter(n => n.ref.group === 'metal3.io' && n.ref.kind === 'BareMetalHost');
  for (const n of nodes) {
    const o = n.object;
    for (const crd of crds) {
      if (crd.object.spec?.group === n.ref.group && crd.object.spec?.names?.kind === n.ref.kind) add(n, crd, 'its CustomResourceDefinition');
    }
    if (n.ref.namespace) add(n, namespaces.find(x => x.ref.name === n.ref.namespace), 'its Namespace');
    const ref = (kind: string, group: string, name: unknown, why: string) => {
      if (typeof name === 'string') add(n, find(group, kind, n.ref.namespace, name), why);
    };
    switch (`${n.ref.group}/${n.ref.kind}`) {
      case 'metal3.io/BareMetalHost':
        ref('Secret', '', o.spec?.bmc?.credentialsName, 'BMC credentials');
        ref('Secret', '', o.spec?.preprovisioningNetworkDataName, 'network data');
        ref('Secret', '', o.spec?.userData?.name, 'user data');
        ref('Secret', '', o.spec?.networkData?.name, 'network data');
        break;
      case 'infrastructure.cluster.x-k8s.io/Metal3MachineTemplate': {
        const sel = o.spec?.template?.spec?.hostSelector;
        for (const h of hosts) {
          if (effectiveNamespace({ kind: h.object.kind, namespace: h.object.metadata?.namespace }) === effectiveNamespace({ kind: o.kind, namespace: o.metadata?.namespace }) && selectorMatches(sel, h.object.metadata?.labels ?? {})) add(n, h, 'a host its hostSelector selects');
        }
        ref('Metal3DataTemplate', 'infrastructure.cluster.x-k8s.io', o.spec?.template?.spec?.dataTemplate?.name, 'its data template');
        break;
      }
      case 'controlplane.cluster.x-k8s.io/RKE2ControlPlane':
        ref('Metal3MachineTemplate', 'infrastructure.cluster.x-k8s.io', o.spec?.machineTemplate?.spec?.infrastructureRef?.name ?? o.spec?.infrastructureRef?.name, 'its machine template');
        break;
      case 'cluster.x-k8s.io/MachineDeployment':
        ref('Metal3MachineTemplate', 'infrastructure.cluster.x-k8s.io', o.spec?.template?.spec?.infrastructureRef?.name, 'its machine template');
        ref('RKE2ConfigTemplate', 'bootstrap.cluster.x-k8s.io', o.spec?.template?.spec?.bootstrap?.configRef?.name, 'its bootstrap template');
        ref('Cluster', 'cluster.x-k8s.io', o.spec?.clusterName, 'its Cluster');
        break;
      case 'cluster.x-k8s.io/Cluster': {
        const infra = o.spec?.infrastructureRef;
        if (infra) ref(infra.kind, infra.apiGroup ?? 'infrastructure.cluster.x-k8s.io', infra.name, 'its infrastructure');
        break;
      }
    }
  }
}

function topoSort(nodes: PlanNode[]): PlanNode[] {
  const index = new Map(nodes.map((n, i) => [n.key, i]));
  const inStage = new Set(nodes.map(n => n.key));
  const remaining = new Map(nodes.map(n => [n.key, [...n.dependsOn.keys()].filter(k => inStage.has(k)).length]));
  const out: PlanNode[] = [];
  const ready = nodes.filter(n => remaining.get(n.key) === 0);
  while (ready.length) {
    ready.sort((a, b) => index.get(a.key)! - index.get(b.key)!);
    const n = ready.shift()!;
    out.push(n);
    for (const m of nodes) {
      if (m.dependsOn.has(n.key)) {
        const left = remaining.get(m.key)! - 1;
        remaining.set(m.key, left);
        if (left === 0) ready.push(m);
      }
    }
  }
  return out;
}

function findCycle(nodes: Map<string, PlanNode>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (k: string): string[] | undefined => {
    if (state.get(k) === 'done') return undefined;
    if (state.get(k) === 'visiting') return [...stack.slice(stack.indexOf(k)), k];
    state.set(k, 'visiting');
    stack.push(k);
    for (const d of nodes.get(k)?.dependsOn.keys() ?? []) {
      if (!nodes.has(d)) continue;
      const c = visit(d);
      if (c) return c;
    }
    stack.pop();
    state.set(k, 'done');
    return undefined;
  };
  for (const k of nodes.keys()) {
    const c = visit(k);
    if (c) return c;
  }
  return undefined;
}

function stageOf(n: PlanNode, hostDeps: Set<string>): StageId {
  if (n.ref.kind === 'CustomResourceDefinition' || (n.ref.kind === 'Namespace' && n.ref.group === '')) return StageId.PREREQUISITES;
  if ((n.ref.group === 'metal3.io' && n.ref.kind === 'BareMetalHost') || hostDeps.has(n.key)) return StageId.HOSTS;
  return StageId.OBJECTS;
}

const TITLES: Record<StageId, string> = {
  [StageId.PREREQUISITES]: 'Applying prerequisites (CRDs, namespaces)',
  [StageId.HOSTS]: 'Enrolling bare-metal hosts',
  [StageId.OBJECTS]: 'Creating cluster objects',
  [StageId.CONTROL_PLANE]: 'Waiting for control plane to be ready',
  [StageId.WORKERS]: 'Waiting for worker nodes to be ready',
  [StageId.KUBECONFIG]: 'Fetching kubeconfig',
  [StageId.CLUSTER]: 'Waiting for cluster to be available',
};

const CONTROL_PLANE_KINDS = new Set(['controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'controlplane.cluster.x-k8s.io/KubeadmControlPlane', 'infrastructure.cluster.x-k8s.io/Metal3Cluster']);

/** Builds the plan; throws PlanError on duplicates, bad depends-on values and cycles (naming the cycle). */
export function buildPlan(objects: readonly KubeObject[]): Plan {
  const nodes = new Map<string, PlanNode>();
  for (const object of objects) {
    const ref = refOf(object);
    if (!ref.kind || !ref.name) throw new PlanError(`an object without kind or metadata.name cannot be applied: ${JSON.stringify(object).slice(0, 120)}`);
    const key = keyOf(ref);
    if (nodes.has(key)) throw new PlanError(`${describeRef(ref)} appears twice in the input`);
    nodes.set(key, { key, ref, object, dependsOn: new Map() });
  }
  const list = [...nodes.values()];
  builtinEdges(list, nodes);
  const external: Array<{ from: string; to: ObjectRef }> = [];
  for (const n of list) {
    const ann = n.object.metadata?.annotations?.[DEPENDS_ON_ANNOTATION];
    if (!ann) continue;
    for (const d of parseDependsOn(ann, describeRef(n.ref))) {
      const k = keyOf(d);
      if (nodes.has(k)) n.dependsOn.set(k, DEPENDS_ON_ANNOTATION);
      else external.push({ from: n.key, to: { ...d, version: '' } });
    }
  }
  const cycle = findCycle(nodes);
  if (cycle) throw new PlanError(`dependency cycle: ${cycle.map(k => describeRef(nodes.get(k)!.ref)).join(' → ')}`);

  // Everything a host needs (its Secrets) is applied with the hosts.
  const hostDeps = new Set<string>();
  for (const n of list) {
    if (n.ref.group === 'metal3.io' && n.ref.kind === 'BareMetalHost') for (const d of n.dependsOn.keys()) hostDeps.add(d);
  }
  const byStage = (id: StageId) => list.filter(n => stageOf(n, hostDeps) === id);
  const stages: Stage[] = [];
  const push = (id: StageId, apply: PlanNode[], waitFor: WaitTarget[]) => {
    if (apply.length || waitFor.length) stages.push({ id, title: TITLES[id], apply: topoSort(apply), waitFor });
  };
  const wait = (n: PlanNode): WaitTarget => ({ ref: n.ref, derived: false });
  const prereq = byStage(StageId.PREREQUISITES);
  push(StageId.PREREQUISITES, prereq, prereq.map(wait));
  const hostStage = byStage(StageId.HOSTS);
  push(StageId.HOSTS, hostStage, hostStage.filter(n => n.ref.kind === 'BareMetalHost').map(wait));
  const rest = byStage(StageId.OBJECTS);
  const gk = (n: PlanNode) => `${n.ref.group}/${n.ref.kind}`;
  const capiClusters = rest.filter(n => gk(n) === 'cluster.x-k8s.io/Cluster');
  const eksaClusters = rest.filter(n => gk(n) === 'anywhere.eks.amazonaws.com/Cluster');
  const laterWaits = new Set([...capiClusters, ...eksaClusters, ...rest.filter(n => CONTROL_PLANE_KINDS.has(gk(n)) || gk(n) === 'cluster.x-k8s.io/MachineDeployment')]);
  // Objects that are ready once applied (templates, Secrets, ConfigMaps…) need no wait: the
  // apply response already proves they exist.
  push(StageId.OBJECTS, rest, rest.filter(n => !laterWaits.has(n) && !isStatic(n.object)).map(wait));
  push(StageId.CONTROL_PLANE, [], rest.filter(n => CONTROL_PLANE_KINDS.has(gk(n))).map(wait));
  push(StageId.WORKERS, [], rest.filter(n => gk(n) === 'cluster.x-k8s.io/MachineDeployment').map(wait));
  push(StageId.KUBECONFIG, [], capiClusters.map(c => ({
    ref: { group: '', version: 'v1', kind: 'Secret', namespace: c.ref.namespace ?? 'default', name: `${c.ref.name}-kubeconfig` },
    derived: true,
    cluster: c.ref.name,
  })));
  push(StageId.CLUSTER, [], [...capiClusters, ...eksaClusters].map(wait));
  const sorted = stages.flatMap(s => s.apply).length;
  if (sorted !== list.length) throw new PlanError('internal: the plan lost objects while ordering them');
  return { nodes, stages, external };
}

/** Why `key` waits: its unmet dependencies, described. */
export function blockers(plan: Plan, key: string, done: (key: string) => boolean): string[] {
  const n = plan.nodes.get(key);
  if (!n) return [];
  return [...n.dependsOn].filter(([k]) => !done(k)).map(([k, why]) => `${describeRef(plan.nodes.get(k)!.ref)} (${why})`);
}
