// Checks across objects that no single webhook makes: enough hosts for the machines asked
// for, CIDRs that must not overlap, VIPs in the right family and outside the cluster ranges.
import { duplicateHostRules, duplicateObjectRules } from './duplicate-rules';
import { embeddedManifests } from './embedded-manifests';
import { EmbeddedTexts } from './embedded-texts';
import { IndexKey, lookup } from './object-index';
import { parsePoolAddress } from './pool-addresses';
import { ObjectFinding, error, warning } from '../core/finding';
import { isKind } from '../core/gvk';
import { IpRange, overlaps, parseCidr, singleIp } from '../core/ip';
import { effectiveNamespace } from '../core/object-key';
import { controlPlaneStrategy, machineDeploymentStrategy, spareHostsNeeded } from '../core/rollout';
import { LabelSelector, selectorMatches } from '../core/selectors';
import { get } from './rules/rule';
import { KubeObject } from '../core/kube-object';

const ns = (o: KubeObject) => effectiveNamespace({ kind: o.kind, namespace: o.metadata?.namespace });

interface Demand {
  readonly owner: KubeObject;
  readonly what: string;
  readonly replicas: number;
  readonly surge: number;
  readonly selector?: LabelSelector;
  readonly templateName: string;
  readonly hosts: KubeObject[];
}

/** Metal3MachineTemplates by `namespace|name`, BareMetalHosts by namespace (keys of the object index). */
const TEMPLATE_BY_NAME: IndexKey = o => (isKind(o, 'infrastructure.cluster.x-k8s.io', 'Metal3MachineTemplate') ? `${ns(o)}|${String(o.metadata?.name)}` : undefined);
/** `kind|effective namespace|name`: what a Cluster's references resolve against here. */
const BY_REF: IndexKey = o => `${String(o.kind)}|${ns(o) ?? ''}|${String(o.metadata?.name)}`;
const HOST_BY_NS: IndexKey = o => (isKind(o, 'metal3.io', 'BareMetalHost') ? String(ns(o)) : undefined);

function demands(objects: readonly KubeObject[]): Demand[] {
  const out: Demand[] = [];
  // Fleets repeat one selector per namespace (cluster-role: worker): its hosts are matched once.
  const matched = new Map<string, KubeObject[]>();
  const add = (owner: KubeObject, what: string, replicas: number, surge: number, templateName: unknown) => {
    const t = lookup(objects, TEMPLATE_BY_NAME, `${ns(owner)}|${String(templateName)}`)
      .find(x => x.metadata?.name === templateName && ns(x) === ns(owner));
    if (!t) return;
    const selector: LabelSelector | undefined = get(t, 'spec', 'template', 'spec', 'hostSelector');
    const key = `${ns(owner)}|${JSON.stringify(selector ?? null)}`;
    let matching = matched.get(key);
    if (!matching) {
      matching = lookup(objects, HOST_BY_NS, String(ns(owner)))
        .filter(h => ns(h) === ns(owner) && selectorMatches(selector, h.metadata?.labels ?? {}));
      matched.set(key, matching);
    }
    out.push({ owner, what, replicas, surge, selector, templateName: String(templateName), hosts: matching });
  };
  for (const cp of objects.filter(o => isKind(o, 'controlplane.cluster.x-k8s.io', 'RKE2ControlPlane'))) {
    const s = controlPlaneStrategy(cp);
    add(cp, 'control-plane replicas', s.replicas, spareHostsNeeded(s), get(cp, 'spec', 'machineTemplate', 'spec', 'infrastructureRef', 'name'));
  }
  for (const md of objects.filter(o => isKind(o, 'cluster.x-k8s.io', 'MachineDeployment'))) {
    const s = machineDeploymentStrategy(md);
    add(md, 'worker replicas', s.replicas, spareHostsNeeded(s), get(md, 'spec', 'template', 'spec', 'infrastructureRef', 'name'));
  }
  return out;
}

function describeSelector(s?: LabelSelector): string {
  if (!s || (!s.matchLabels && !s.matchExpressions)) return 'any host';
  return JSON.stringify({
    ...(s.matchLabels ? { matchLabels: s.matchLabels } : {}),
    ...(s.matchExpressions ? { matchExpressions: s.matchExpressions } : {}),
  });
}

export interface HostCapacityOptions {
  /**
   * The set holds every host there is (a construct's enrollment, an inventory's site), so no
   * hosts at all means no capacity. Otherwise a set without hosts is not checked: they may be
   * applied from elsewhere. @default false
   */
  readonly hostsComplete?: boolean;
}

/** Replicas (and rolling-update spares) against the BareMetalHosts their hostSelectors match. */
export function hostCapacityRules(objects: readonly KubeObject[], opts: HostCapacityOptions = {}): ObjectFinding[] {
  const hosts = objects.filter(o => isKind(o, 'metal3.io', 'BareMetalHost'));
  if (hosts.length === 0 && !opts.hostsComplete) return [];
  const out: ObjectFinding[] = [];
  const ds = demands(objects);
  for (const d of ds) {
    const field = 'spec.replicas';
    if (d.hosts.length < d.replicas) {
      out.push({
        object: d.owner,
        finding: error('cross/hosts', field, `${d.replicas} ${d.what} but only ${d.hosts.length} BareMetalHost(s) in namespace ${ns(d.owner)} match the hostSelector of ${d.templateName} (${describeSelector(d.selector)})${d.hosts.length ? `: ${d.hosts.map(h => h.metadata?.name).join(', ')}` : ''}`,
          'enroll more hosts with matching labels, or lower replicas; machines without a host stay Provisioning forever'),
      });
    } else if (d.surge > 0 && d.hosts.length < d.replicas + d.surge) {
      out.push({
        object: d.owner,
        finding: warning('cross/hosts-spare', field, `a rolling update with maxSurge ${d.surge} needs ${d.replicas + d.surge} matching hosts, ${d.hosts.length} match`,
          d.what.startsWith('control') ? 'set rolloutStrategy.rollingUpdate.maxSurge: 0 to replace machines in place' : 'set rollout.strategy.rollingUpdate {maxSurge: 0, maxUnavailable: 1} or enroll a spare host'),
      });
    }
  }
  // Selectors that share hosts compete for them: the union must cover the sum.
  for (const [i, j, overlap] of shortPairs(ds)) {
    out.push({
      object: ds[j].owner,
      finding: error('cross/hosts', 'spec.replicas', `${ds[i].owner.kind} ${ds[i].owner.metadata?.name} and ${ds[j].owner.kind} ${ds[j].owner.metadata?.name} select the same hosts (${overlap.shared.map(h => h.metadata?.name).join(', ')}) and need ${ds[i].replicas + ds[j].replicas}, but only ${overlap.union} exist`,
        'give control-plane and worker hosts distinct role labels'),
    });
  }
  return out;
}

interface Overlap {
  /** Hosts of the first demand that the second one matches too, in the first one's order. */
  readonly shared: readonly KubeObject[];
  /** How many hosts either one matches. */
  readonly union: number;
}

/**
 * Pairs of demands (i < j, in that order) whose selectors share hosts and whose union of hosts is
 * smaller than the replicas they need together. Demands matching the same host list form a group;
 * only groups that meet on a host are compared (a host → groups index), and within a pair of
 * groups only the pairs whose replicas exceed the union are visited (replicas sorted): the cost
 * follows the hosts and the findings, not the square of the demands, even when a whole fleet
 * shares one namespace and one selector.
 */
function shortPairs(ds: readonly Demand[]): Array<[number, number, Overlap]> {
  const groupOf = new Map<readonly KubeObject[], number>();
  const members: number[][] = [];
  const lists: Array<readonly KubeObject[]> = [];
  ds.forEach((d, i) => {
    let g = groupOf.get(d.hosts);
    if (g === undefined) {
      g = lists.length;
      groupOf.set(d.hosts, g);
      lists.push(d.hosts);
      members.push([]);
    }
    members[g].push(i);
  });
  const groupsOfHost = new Map<KubeObject, number[]>();
  lists.forEach((hosts, g) => {
    for (const h of new Set(hosts)) {
      const gs = groupsOfHost.get(h);
      if (gs) gs.push(g);
      else groupsOfHost.set(h, [g]);
    }
  });
  // Pairs of groups (ga <= gb) that meet on a host.
  const meeting = new Set<string>();
  for (const gs of groupsOfHost.values()) {
    for (let a = 0; a < gs.length; a++) for (let b = a; b < gs.length; b++) meeting.add(`${gs[a]},${gs[b]}`);
  }
  const cache = new Map<string, Overlap>();
  const overlap = (ga: number, gb: number): Overlap => {
    const k = `${ga},${gb}`;
    let o = cache.get(k);
    if (!o) {
      const other = new Set(lists[gb]);
      o = { shared: lists[ga].filter(h => other.has(h)), union: new Set([...lists[ga], ...lists[gb]]).size };
      cache.set(k, o);
    }
    return o;
  };
  const byReplicasDesc = members.map(m => [...m].sort((x, y) => ds[y].replicas - ds[x].replicas));
  const out: Array<[number, number, Overlap]> = [];
  for (const k of meeting) {
    const [ga, gb] = k.split(',').map(Number);
    const union = overlap(ga, gb).union;
    for (const i of members[ga]) {
      for (const j of byReplicasDesc[gb]) {
        if (!(ds[i].replicas + ds[j].replicas > union)) break;
        // Within one group each pair comes up twice: keep it once.
        if (i === j || (ga === gb && j < i)) continue;
        const [lo, hi] = i < j ? [i, j] : [j, i];
        out.push([lo, hi, overlap(groupOf.get(ds[lo].hosts)!, groupOf.get(ds[hi].hosts)!)]);
      }
    }
  }
  return out.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

interface NamedRange {
  readonly what: string;
  readonly range: IpRange;
}

function clusterRanges(cluster: KubeObject): { pods: NamedRange[]; services: NamedRange[] } {
  const read = (which: string) => ((get(cluster, 'spec', 'clusterNetwork', which, 'cidrBlocks') ?? []) as unknown[])
    .map(b => (typeof b === 'string' ? parseCidr(b) : undefined))
    .filter((r): r is IpRange => Boolean(r))
    .map(range => ({ what: `${which} CIDR ${range.text}`, range }));
  return { pods: read('pods'), services: read('services') };
}

/** CIDR overlaps, dual-stack consistency and VIP placement for each CAPI Cluster of the set. */
export function networkRules(objects: readonly KubeObject[], texts: EmbeddedTexts = new EmbeddedTexts()): ObjectFinding[] {
  const out: ObjectFinding[] = [];
  const embedded = embeddedManifests(objects, texts);
  const byCarrier = new Map<KubeObject, typeof embedded>();
  for (const e of embedded) {
    const list = byCarrier.get(e.carrier);
    if (list) list.push(e);
    else byCarrier.set(e.carrier, [e]);
  }
  const referenced = (ref: any, cluster: KubeObject) => (typeof ref?.kind === 'string' && typeof ref?.name === 'string'
    ? lookup(objects, BY_REF, `${ref.kind}|${ns(cluster) ?? ''}|${ref.name}`) : objects)
    .find(o => o.kind === ref.kind && o.metadata?.name === ref.name && ns(o) === ns(cluster));
  for (const cluster of objects.filter(o => isKind(o, 'cluster.x-k8s.io', 'Cluster'))) {
    const { pods, services } = clusterRanges(cluster);
    for (const p of pods) {
      for (const s of services) {
        if (overlaps(p.range, s.range)) {
          out.push({ object: cluster, finding: error('cross/cidr', 'spec.clusterNetwork', `${p.what} overlaps ${s.what}`, 'pods and services need disjoint ranges') });
        }
      }
    }
    const fams = (rs: NamedRange[]) => [...new Set(rs.map(r => r.range.family))].sort();
    const podF = fams(pods);
    const svcF = fams(services);
    if (pods.length && services.length && podF.join() !== svcF.join()) {
      out.push({ object: cluster, finding: error('cross/dual-stack', 'spec.clusterNetwork', `pods are ${podF.join('+')} but services are ${svcF.join('+')}`, 'a dual-stack cluster needs an IPv4 and an IPv6 CIDR for both pods and services') });
    }
    // The API endpoint: from the infrastructure object (Metal3Cluster) of this Cluster.
    const infraRef = get(cluster, 'spec', 'infrastructureRef');
    const infra = infraRef && referenced(infraRef, cluster);
    const endpoint = infra ? get(infra, 'spec', 'controlPlaneEndpoint', 'host') : undefined;
    const endpointIp = typeof endpoint === 'string' ? singleIp(endpoint) : undefined;
    const cpRef = get(cluster, 'spec', 'controlPlaneRef');
    const cp = cpRef && referenced(cpRef, cluster);
    const pools = (cp ? byCarrier.get(cp) ?? [] : []).filter(e => e.object.kind === 'IPAddressPool');
    const vips: NamedRange[] = pools.flatMap(p => ((get(p.object, 'spec', 'addresses') ?? []) as unknown[])
      .map(a => parsePoolAddress(String(a)))
      .filter((r): r is IpRange => typeof r !== 'string')
      .map(range => ({ what: `MetalLB pool ${p.object.metadata?.name} address ${range.text}`, range })));
    if (endpointIp) vips.push({ what: `control plane endpoint ${endpoint}`, range: endpointIp });
    for (const v of vips) {
      for (const c of [...pods, ...services]) {
        if (overlaps(v.range, c.range)) {
          out.push({ object: cluster, finding: error('cross/vip', 'spec.clusterNetwork', `${v.what} lies inside the ${c.what}`, 'VIPs must be addresses of the nodes\' network, outside pod and service CIDRs') });
        }
      }
      const clusterFams = [...new Set([...podF, ...svcF])];
      if (clusterFams.length && !clusterFams.includes(v.range.family)) {
        out.push({ object: cluster, finding: error('cross/vip', 'spec.clusterNetwork', `${v.what} is ${v.range.family} but the cluster networks are ${clusterFams.join('+')}`, 'add CIDRs of that family (dual-stack) or use a VIP of the cluster\'s family') });
      }
    }
    if (endpointIp && pools.length) {
      const announced = pools.some(p => ((get(p.object, 'spec', 'addresses') ?? []) as unknown[]).some(a => {
        const r = parsePoolAddress(String(a));
        return typeof r !== 'string' && overlaps(r, endpointIp);
      }));
      if (!announced) {
        out.push({ object: infra!, finding: error('cross/vip', 'spec.controlPlaneEndpoint.host', `${endpoint} is not in any MetalLB pool the control plane installs`, 'the API VIP pool must contain the endpoint, or MetalLB never announces it') });
      }
    }
  }
  return out;
}

export function crossObjectRules(objects: readonly KubeObject[], texts: EmbeddedTexts = new EmbeddedTexts()): ObjectFinding[] {
  return [...duplicateObjectRules(objects), ...duplicateHostRules(objects), ...hostCapacityRules(objects), ...networkRules(objects, texts)];
}
