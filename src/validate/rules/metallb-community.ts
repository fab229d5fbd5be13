// BGP communities as MetalLB reads them (internal/bgp/community/community.go `New`): a legacy
// community `<uint16>:<uint16>`, or a large one `large:<uint32>:<uint32>:<uint32>`. A
// BGPAdvertisement may also name an alias defined by a Community object; MetalLB's webhook leaves
// aliases (no ":") to the controller, which keeps the previous configuration until the alias exists.
import { duplicateRule } from './metallb-selectors';
import { RuleContext, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { isKind } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';

const UINT = /^[0-9]+$/;

/** Why a community literal is invalid (undefined: valid); `format` when it has neither 2 nor 4 parts. */
export function communityProblem(c: string): { message: string; format: boolean } | undefined {
  const parts = c.split(':');
  const section = (p: string, max: number) => (UINT.test(p) && BigInt(p) <= BigInt(max) ? undefined : `invalid section ${JSON.stringify(p)} of community ${JSON.stringify(c)} (at most ${max})`);
  if (parts.length === 2) {
    const bad = parts.map(p => section(p, 65535)).find(Boolean);
    return bad ? { message: `invalid community value: ${bad}`, format: false } : undefined;
  }
  if (parts.length === 4) {
    if (parts[0] !== 'large') {
      return { message: `invalid community value: expected community to be of format large:<uint32>:<uint32>:<uint32> but got ${JSON.stringify(c)} instead`, format: false };
    }
    const bad = parts.slice(1).map(p => section(p, 4294967295)).find(Boolean);
    return bad ? { message: `invalid community value: ${bad}`, format: false } : undefined;
  }
  return { message: `invalid community format: ${c}`, format: true };
}

const HINT = 'write <0-65535>:<0-65535>, or large:<uint32>:<uint32>:<uint32>';

const isCommunity = (o: KubeObject) => isKind(o, 'metallb.io', 'Community');

/** Community: every value a valid literal; an alias defined once across the Community objects. */
export function communityRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const list = get(obj, 'spec', 'communities');
  if (!Array.isArray(list)) return [];
  const out: Finding[] = [];
  list.forEach((c, i) => {
    if (typeof c?.value === 'string') {
      const p = communityProblem(c.value);
      if (p) out.push(error('metallb/community', `spec.communities[${i}].value`, `parsing community ${JSON.stringify(c.name)}: ${p.message}`, HINT));
    }
  });
  out.push(...duplicateRule(list.map(c => c?.name), 'spec.communities', 'community').map(f => ({ ...f, field: f.field.replace(/\]$/, '].name') })));
  // Across objects: report on the later one (the webhook sees the existing ones first).
  const ns = obj.metadata?.namespace ?? 'default';
  const others = ctx.objects.filter(o => isCommunity(o) && o !== obj && (o.metadata?.namespace ?? 'default') === ns);
  const earlier = others.filter(o => ctx.objects.indexOf(o) < ctx.objects.indexOf(obj));
  list.forEach((c, i) => {
    const owner = earlier.find(o => (get(o, 'spec', 'communities') ?? []).some((x: any) => x?.name === c?.name));
    if (owner) out.push(error('metallb/duplicate', `spec.communities[${i}].name`, `duplicate definition of community ${JSON.stringify(c.name)} (also in Community ${owner.metadata?.name})`, 'define each alias once'));
  });
  return out;
}

/** BGPAdvertisement `communities`: literals valid; aliases defined by a Community in the set. */
export function advertisementCommunityRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const list = get(obj, 'spec', 'communities');
  if (!Array.isArray(list)) return [];
  const out = duplicateRule(list, 'spec.communities', 'community');
  const ns = obj.metadata?.namespace ?? 'default';
  const aliases = new Set(ctx.objects.filter(o => isCommunity(o) && (o.metadata?.namespace ?? 'default') === ns)
    .flatMap(o => (get(o, 'spec', 'communities') ?? []).map((c: any) => c?.name)));
  list.forEach((c, i) => {
    if (typeof c !== 'string' || aliases.has(c)) return;
    const field = `spec.communities[${i}]`;
    if (!c.includes(':')) {
      out.push(warning('metallb/community-ref', field, `${JSON.stringify(c)} is not a community value, and no Community in these manifests defines it as an alias: MetalLB keeps its previous configuration until one does`,
        'define the alias in a Community object in MetalLB\'s namespace, or write the value'));
      return;
    }
    const p = communityProblem(c);
    if (p) out.push(error('metallb/community', field, `invalid community ${JSON.stringify(c)} in BGP advertisement: ${p.message}`, HINT));
  });
  return out;
}
