// BGPPeer (v1beta1 and v1beta2: the v1beta1 request is converted and validated by the v1beta2
// webhook, with the same field names) as MetalLB v0.16.1 checks it: webhookv1beta2/bgppeer_webhook.go
// → internal/config/config.go `peerFromCR`, `parseTimers`; the controller's `peersFor` (BFD
// profile), `passwordFromSecretForPeer` and `validateConfig` (BFD echo with IPv6 pools); and, in
// the FRR modes (frr, frr-k8s: the Helm chart's default), internal/config/validation.go
// `checkFRRPeersCompatible` for peers that certainly share a node.
import { selectedPools } from './metallb-bgp-advertisement';
import { namespaceRule } from './metallb-namespace';
import { selectorListRules } from './metallb-selectors';
import { RuleContext, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { isKind } from '../../core/gvk';
import { parseIp } from '../../core/ip';
import { KubeObject } from '../../core/kube-object';
import { parseGoDuration, wholeSeconds } from '../go-duration';
import { parsePoolAddress } from '../pool-addresses';

const nsOf = (o: KubeObject) => o.metadata?.namespace ?? 'default';
const sameNs = (a: KubeObject) => (o: KubeObject) => nsOf(o) === nsOf(a);

function asnRules(spec: any): Finding[] {
  const out: Finding[] = [];
  const my = spec.myASN ?? 0;
  const peer = spec.peerASN ?? 0;
  const dynamic = spec.dynamicASN ?? '';
  if (my === 0) out.push(error('metallb/peer-asn', 'spec.myASN', 'missing local ASN', 'set myASN, the AS number of the cluster side'));
  if (peer === 0 && dynamic === '') out.push(error('metallb/peer-asn', 'spec.peerASN', 'missing peer ASN and dynamicASN', 'set peerASN, or dynamicASN: internal/external'));
  if (peer !== 0 && dynamic !== '') out.push(error('metallb/peer-asn', 'spec.dynamicASN', 'both peer ASN and dynamicASN specified', 'keep one of peerASN or dynamicASN'));
  if (peer === my && spec.ebgpMultiHop === true) {
    out.push(error('metallb/peer-multihop', 'spec.ebgpMultiHop', `invalid ebgp-multihop parameter set for an ibgp peer (peerASN and myASN are both ${my})`, 'drop ebgpMultiHop: an iBGP session is not eBGP'));
  }
  return out;
}

function addressRules(spec: any): Finding[] {
  const out: Finding[] = [];
  const address = spec.peerAddress ?? '';
  const iface = spec.interface ?? '';
  if (address === '' && iface === '') out.push(error('metallb/peer-address', 'spec.peerAddress', 'peer has no Address or Interface specified', 'set peerAddress, or interface for an unnumbered peer'));
  if (address !== '' && iface !== '') out.push(error('metallb/peer-address', 'spec.interface', 'peer has both Address and Interface specified', 'keep one of peerAddress or interface'));
  for (const [k, what] of [['peerAddress', 'invalid BGPPeer address'], ['routerID', 'invalid router ID'], ['sourceAddress', 'invalid source IP']] as const) {
    const v = spec[k];
    if (typeof v === 'string' && v !== '' && !parseIp(v)) out.push(error('metallb/peer-address', `spec.${k}`, `${what} ${JSON.stringify(v)}`, 'an IPv4 or IPv6 address'));
  }
  return out;
}

function timerRules(spec: any): Finding[] {
  const out: Finding[] = [];
  const parsed: Record<string, number | undefined> = {};
  for (const k of ['holdTime', 'keepaliveTime', 'connectTime']) {
    const v = spec[k];
    if (v === undefined) continue;
    parsed[k] = typeof v === 'string' ? parseGoDuration(v) : undefined;
    if (parsed[k] === undefined) {
      out.push(error('metallb/peer-timers', `spec.${k}`, `${JSON.stringify(v)} is not a duration: MetalLB's webhook cannot decode the object`, 'write a Go duration such as 90s or 1m30s'));
    }
  }
  if (out.length) return out;
  const ht = parsed.holdTime;
  const ka = parsed.keepaliveTime;
  if (ht === undefined && ka === undefined) return out;
  const hold = ht ?? ka! * 3;
  const keepalive = ka ?? ht! / 3;
  const rounded = wholeSeconds(hold);
  if (rounded !== 0 && rounded < 3) {
    out.push(error('metallb/peer-timers', ht !== undefined ? 'spec.holdTime' : 'spec.keepaliveTime',
      `invalid BGPPeer timers: invalid hold time ${JSON.stringify(spec.holdTime ?? `${wholeSeconds(hold)}s (3 × keepaliveTime)`)}: must be 0 or >=3s`, 'use 0 (no keepalives) or at least 3s'));
  } else if (keepalive > hold) {
    out.push(error('metallb/peer-timers', 'spec.keepaliveTime', `invalid BGPPeer timers: invalid keepaliveTime ${JSON.stringify(spec.keepaliveTime)}, must be lower than holdTime ${JSON.stringify(spec.holdTime)}`,
      'keepaliveTime is usually a third of holdTime'));
  }
  return out;
}

function passwordRules(peer: KubeObject, ctx: RuleContext): Finding[] {
  const spec = peer.spec ?? {};
  const secretName = spec.passwordSecret?.name ?? '';
  if (spec.password && secretName) {
    return [error('metallb/peer-password', 'spec.passwordSecret', `can not have both password and secret ref set in peer config ${JSON.stringify(nsOf(peer))}/${JSON.stringify(peer.metadata?.name)}`,
      'keep passwordSecret (a kubernetes.io/basic-auth Secret) and drop password')];
  }
  if (!secretName) return [];
  // MetalLB reads the Secret from its own namespace.
  const secret = ctx.objects.find(o => o.kind === 'Secret' && o.apiVersion === 'v1' && o.metadata?.name === secretName && nsOf(o) === nsOf(peer));
  if (!secret) return [];
  if ((secret as any).type !== 'kubernetes.io/basic-auth') {
    return [error('metallb/peer-password', 'spec.passwordSecret', `secret type mismatch on ${nsOf(secret)}/${secretName}, type "kubernetes.io/basic-auth" is expected (got ${JSON.stringify((secret as any).type ?? 'Opaque')})`,
      'set the Secret\'s type to kubernetes.io/basic-auth')];
  }
  const keys = [...Object.keys((secret as any).data ?? {}), ...Object.keys((secret as any).stringData ?? {})];
  if (!keys.includes('password')) {
    return [error('metallb/peer-password', 'spec.passwordSecret', `password not specified in the secret ${nsOf(secret)}/${secretName}`, 'put the password under the key password')];
  }
  return [];
}

const isKindOf = (kind: string) => (o: KubeObject) => isKind(o, 'metallb.io', kind);

function bfdRules(peer: KubeObject, ctx: RuleContext): Finding[] {
  const name = peer.spec?.bfdProfile;
  if (!name) return [];
  const profile = ctx.objects.filter(isKindOf('BFDProfile')).filter(sameNs(peer)).find(o => o.metadata?.name === name);
  if (!profile) {
    return [warning('metallb/bfd-profile-ref', 'spec.bfdProfile', `peer ${peer.metadata?.name} referencing non existing bfd profile ${name} (not in these manifests): MetalLB keeps its previous configuration until the profile exists`,
      'define the BFDProfile in MetalLB\'s namespace')];
  }
  if (get(profile, 'spec', 'echoMode') !== true) return [];
  // An IPv6 pool advertised to this peer (by name, or by an advertisement to all peers).
  for (const adv of ctx.objects.filter(isKindOf('BGPAdvertisement')).filter(sameNs(peer))) {
    const peers: string[] = get(adv, 'spec', 'peers') ?? [];
    if (peers.length && !peers.includes(peer.metadata?.name ?? '')) continue;
    for (const pool of selectedPools(adv, ctx)) {
      const v6 = (get(pool, 'spec', 'addresses') ?? []).some((a: string) => {
        const r = parsePoolAddress(a);
        return typeof r !== 'string' && r.family === 'ipv6';
      });
      if (v6) {
        return [error('metallb/bfd-echo-ipv6', 'spec.bfdProfile',
          `pool ${pool.metadata?.name} has bgpadvertisement ${adv.metadata?.name} which references peer ${peer.metadata?.name} which has bfd echo enabled, which is not possible`,
          `disable echoMode in BFDProfile ${name}, or keep IPv6 pools away from this peer`)];
      }
    }
  }
  return [];
}

/** The peer's identity on a node: address or interface, with its VRF. */
const identifier = (s: any) => `${s.peerAddress || s.interface || ''}${s.vrf ? `-${s.vrf}` : ''}`;
const selectorsKey = (s: any) => JSON.stringify(s.nodeSelectors ?? []);

/**
 * FRR modes: peers that can land on the same node must share routerID, myASN (within a VRF) and
 * differ in address. Peers with the same node selectors (none: every node) certainly share nodes.
 */
function frrRules(peer: KubeObject, ctx: RuleContext): Finding[] {
  const peers = ctx.objects.filter(isKindOf('BGPPeer')).filter(sameNs(peer));
  const earlier = peers.slice(0, Math.max(0, peers.indexOf(peer)));
  const spec = peer.spec ?? {};
  for (const q of earlier) {
    const qs = q.spec ?? {};
    if (selectorsKey(qs) !== selectorsKey(spec)) continue;
    const why = `BGPPeer ${q.metadata?.name} selects the same nodes; MetalLB's webhook refuses this in FRR modes (frr, frr-k8s: the Helm chart's default)`;
    if ((spec.routerID ?? '') !== (qs.routerID ?? '')) {
      return [warning('metallb/frr-peers', 'spec.routerID', `peer ${spec.routerID ?? ''} has RouterID different from ${qs.routerID ?? ''}, in FRR mode peers selecting the same node must all have the same RouterID (${why})`, 'use one routerID for peers on the same nodes')];
    }
    if (identifier(spec) === identifier(qs)) {
      return [warning('metallb/frr-peers', 'spec.peerAddress', `peer ${identifier(spec)} already exists, FRR mode doesn't support duplicate BGPPeers selecting the same node (${why})`, 'merge the two peers, or give them disjoint nodeSelectors')];
    }
    if ((spec.myASN ?? 0) !== (qs.myASN ?? 0) && (spec.vrf ?? '') === (qs.vrf ?? '')) {
      return [warning('metallb/frr-peers', 'spec.myASN', `peer ${identifier(spec)} has myAsn different from ${identifier(qs)}, in FRR mode peers selecting the same node must have the same myAsn within the same VRF (${why})`, 'use one myASN per VRF on the same nodes')];
    }
  }
  return [];
}

export function bgpPeerRules(peer: KubeObject, ctx: RuleContext): Finding[] {
  const spec = peer.spec ?? {};
  const out: Finding[] = [];
  if (spec.disableMP === true) {
    out.push(warning('metallb/peer-disable-mp', 'spec.disableMP', 'disable mp is deprecated and has no effect since it\'s the default behavior now', 'drop disableMP'));
  }
  return [
    ...out,
    ...namespaceRule(peer, ctx),
    ...asnRules(spec),
    ...addressRules(spec),
    ...timerRules(spec),
    ...selectorListRules(spec.nodeSelectors, 'spec.nodeSelectors'),
    ...passwordRules(peer, ctx),
    ...bfdRules(peer, ctx),
    ...frrRules(peer, ctx),
  ];
}
