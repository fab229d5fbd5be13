// VIPs: the addresses of MetalLB IPAddressPools (top-level, or embedded in an RKE2 Butane
// config for the downstream cluster) and the endpoints that use them. A single address is
// one node shared by the pool and every endpoint naming it, so a mismatch shows as two nodes.
import { posix } from 'node:path';
import { DraftNode, GraphBuilder, namespaceOf, nameOf } from './builder';
import { EdgeKind, NodeRole, NodeStatus } from './model';
import { describeSelector, readSelector } from './selector-text';
import { groupOf } from '../core/gvk';
import { IpRange, canonicalIp, contains, parseCidr, parseIp, singleIp } from '../core/ip';
import type { KubeObject } from '../core/kube-object';
import { parseButane } from '../validate/butane/parse';
import { embeddedManifests } from '../validate/embedded-manifests';

// Where RKE2 objects carry their Butane config (the same places embeddedManifests reads).
const BUTANE_CONFIG: Record<string, (o: KubeObject) => unknown> = {
  RKE2ControlPlane: o => o.spec?.agentConfig?.additionalUserData?.config,
  RKE2Config: o => o.spec?.agentConfig?.additionalUserData?.config,
  RKE2ConfigTemplate: o => o.spec?.template?.spec?.agentConfig?.additionalUserData?.config,
};

interface AddressNode {
  readonly node: DraftNode;
  readonly range?: IpRange;
}

/** `10.0.0.1/32`, `10.0.0.1-10.0.0.1` → the address; wider CIDRs and ranges → their range. */
function parsePoolAddress(text: string): { ip?: string; range?: IpRange } {
  const cidr = parseCidr(text);
  if (cidr) return cidr.start === cidr.end ? { ip: canonicalIp(text.split('/')[0]) } : { range: cidr };
  const dash = /^\s*([^-\s]+)\s*-\s*([^-\s]+)\s*$/.exec(text);
  if (dash) {
    const a = singleIp(dash[1]);
    const b = singleIp(dash[2]);
    if (a && b && a.family === b.family) {
      return a.start === b.start ? { ip: canonicalIp(dash[1]) } : { range: { family: a.family, start: a.start, end: b.end, text } };
    }
  }
  const ip = parseIp(text);
  return ip ? { ip: ip.toString() } : {};
}

export class VipIndex {
  private readonly addresses: AddressNode[] = [];
  private pools = 0;

  constructor(private readonly b: GraphBuilder, objects: readonly KubeObject[], nodeOf: (o: KubeObject) => DraftNode) {
    // An unreadable Butane config hides its pools: say so rather than draw a picture without them.
    for (const o of objects) {
      const text = BUTANE_CONFIG[o.kind ?? '']?.(o);
      if (typeof text !== 'string' || parseButane(text).model) continue;
      const n = nodeOf(o);
      n.status = NodeStatus.WARNING;
      n.note = 'Butane config unreadable: embedded manifests not drawn';
    }
    for (const o of objects) {
      if (groupOf(o) === 'metallb.io' && o.kind === 'IPAddressPool') this.addPool(nodeOf(o), o);
    }
    for (const e of embeddedManifests(objects)) {
      if (groupOf(e.object) !== 'metallb.io' || e.object.kind !== 'IPAddressPool') continue;
      const carrier = nodeOf(e.carrier);
      const namespace = namespaceOf(e.object);
      const name = nameOf(e.object);
      const pool = b.add({
        key: `emb|${carrier.key}|${e.path}|${namespace}|${name}`,
        kind: 'IPAddressPool',
        name,
        namespace,
        role: NodeRole.ADDRESS_POOL,
        idHint: `IPAddressPool_${namespace}_${name}`,
        details: [`in ${posix.basename(e.path)}`],
        status: NodeStatus.OK,
        source: carrier.source ? `${carrier.source} ${e.path}` : e.path,
        homeNamespace: carrier.namespace,
        object: e.object,
      });
      b.edge(carrier.key, pool.key, EdgeKind.EMBEDS, `embedded ${posix.basename(e.path)}`);
      this.addPool(pool, e.object);
    }
  }

  private addPool(pool: DraftNode, o: KubeObject): void {
    this.pools++;
    const selectors = o.spec?.serviceAllocation?.serviceSelectors;
    if (Array.isArray(selectors)) for (const s of selectors) pool.details.push(`for services ${describeSelector(readSelector(s))}`);
    const addrs: unknown[] = Array.isArray(o.spec?.addresses) ? o.spec.addresses : [];
    for (const a of addrs) {
      const text = String(a);
      const parsed = parsePoolAddress(text);
      const target = parsed.ip ? this.ipNode(parsed.ip, pool.homeNamespace)
        : this.b.add({
          key: `vip|range|${text}`,
          kind: 'VIP',
          name: text,
          role: NodeRole.VIP,
          idHint: `VIP_${text}`,
          details: [parsed.range ? 'address range' : 'unparsed address'],
          status: NodeStatus.OK,
          homeNamespace: pool.homeNamespace,
        });
      if (parsed.range && !this.addresses.some(x => x.node === target)) this.addresses.push({ node: target, range: parsed.range });
      if (parsed.ip && !this.addresses.some(x => x.node === target)) this.addresses.push({ node: target, range: singleIp(parsed.ip) });
      this.b.edge(pool.key, target.key, EdgeKind.ADDRESS, 'addresses');
    }
  }

  private ipNode(ip: string, homeNamespace: string | undefined): DraftNode {
    return this.b.add({
      key: `vip|${ip}`,
      kind: 'VIP',
      name: ip,
      role: NodeRole.VIP,
      idHint: `VIP_${ip}`,
      details: [],
      status: NodeStatus.OK,
      homeNamespace,
    });
  }

  /**
   * Links an endpoint to its address node. With `expectPool` (a CAPI controlPlaneEndpoint on
   * bare metal) an address no pool announces is a warning — but only when the input has pools
   * at all, since kube-vip or an external load balancer are just as valid.
   */
  endpoint(from: DraftNode, host: unknown, reason: string, expectPool: boolean): void {
    if (typeof host !== 'string' || !host) return;
    const ip = parseIp(host);
    if (!ip) {
      const n = this.b.add({
        key: `vip|dns|${host}`,
        kind: 'VIP',
        name: host,
        role: NodeRole.VIP,
        idHint: `VIP_${host}`,
        details: ['DNS name'],
        status: NodeStatus.OK,
        homeNamespace: from.namespace,
      });
      this.b.edge(from.key, n.key, EdgeKind.ENDPOINT, reason);
      return;
    }
    const canonical = ip.toString();
    const exact = this.addresses.find(a => a.node.key === `vip|${canonical}`);
    const within = exact ? undefined : this.addresses.find(a => a.range && contains(a.range, singleIp(canonical)!));
    if (within) {
      this.b.edge(from.key, within.node.key, EdgeKind.ENDPOINT, `${reason} (${canonical} in range)`);
      return;
    }
    const n = this.ipNode(canonical, from.namespace);
    this.b.edge(from.key, n.key, EdgeKind.ENDPOINT, reason);
    if (expectPool && !exact && this.pools > 0) {
      n.status = NodeStatus.WARNING;
      n.note = 'no MetalLB IPAddressPool in the input announces it';
    }
  }
}
