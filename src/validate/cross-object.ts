// Checks across objects that no single webhook makes: enough hosts for the machines asked
// for, CIDRs that must not overlap, VIPs in the right family and outside the cluster ranges.
import { duplicateHostRules, duplicateObjectRules } from './duplicate-rules';
import { embeddedManifests } from './embedded-manifests';
import { EmbeddedTexts } from './embedded-texts';
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

function demands(objects: readonly KubeObject[], hosts: readonly KubeObject[]): Demand[] {
  const templates = objects.filter(o => isKind(o, 'infrastructure.cluster.x-k8s.io', 'Metal3MachineTemplate'));
  const out: Demand[] = [];
  const add = (owner: KubeObject, what: string, replicas: number, surge: number, templateName: unknown) => {
    const t = templates.find(x => x.metadata?.name === templateName && ns(x) === ns(owner));
    if (!t) return;
    const selector: LabelSelector | undefined = get(t, 'spec', 'template', 'spec', 'hostSelector');
    const matching = hosts.filter(h => ns(h) === ns(owner) && selectorMatches(selector, h.metadata?.labels ?? {}));
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
  const ds = demands(objects, hosts);
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
  for (let i = 0; i < ds.length; i++) {
    for (let j = i + 1; j < ds.length; j++) {
      const shared = ds[i].hosts.filter(h => ds[j].hosts.includes(h));
      if (shared.length === 0) continue;
      const union = new Set([...ds[i].hosts, ...ds[j].hosts]);
      if (union.size < ds[i].replicas + ds[j].replicas) {
        out.push({
          object: ds[j].owner,
          finding: error('cross/hosts', 'spec.replicas', `${ds[i].owner.kind} ${ds[i].owner.metadata?.name} and ${ds[j].owner.kind} ${ds[j].owner.metadata?.name} select the same hosts (${shared.map(h => h.metadata?.name).join(', ')}) and need ${ds[i].replicas + ds[j].replicas}, but only ${union.size} exist`,
            'give control-plane and worker hosts distinct role labels'),
        });
      }
    }
  }
  return out;
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
    const infra = infraRef && objects.find(o => o.kind === infraRef.kind && o.metadata?.name === infraRef.name && ns(o) === ns(cluster));
    const endpoint = infra ? get(infra, 'spec', 'controlPlaneEndpoint', 'host') : undefined;
    const endpointIp = typeof endpoint === 'string' ? singleIp(endpoint) : undefined;
    const cpRef = get(cluster, 'spec', 'controlPlaneRef');
    const cp = cpRef && objects.find(o => o.kind === cpRef.kind && o.metadata?.name === cpRef.name && ns(o) === ns(cluster));
    const pools = embedded.filter(e => e.carrier === cp && e.object.kind === 'IPAddressPool');
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
