// Metal3DataTemplate: the webhook's checks (CAPM3 v1.13.2 `metal3datatemplate_webhook.go`
// validate) and the ones its data controller makes on every Metal3Data it renders from the
// template (`baremetal/metal3data_manager.go`): those fail each machine's data the same way, so
// they are checked here on the template. The v1beta1 and v1beta2 layouts differ in the metadata
// pool lists (`…FromIPPool` / `…FromPool`) and in bond parameters (a map / a list of name, value).
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

const NETWORK_FAMILIES = ['ipv4', 'ipv6'];

function webhookRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  for (const fam of NETWORK_FAMILIES) {
    const nets = get(obj, 'spec', 'networkData', 'networks', fam);
    if (!Array.isArray(nets)) continue;
    nets.forEach((n, i) => {
      if (!get(n, 'fromPoolRef', 'name') && !n?.ipAddressFromIPPool && !get(n, 'fromPoolAnnotation', 'object')) {
        out.push(error('capm3/data-template', `spec.networkData.networks.${fam}[${i}].fromPoolRef.name`, 'fromPoolRef needs to contain a reference to an IPPool',
          'set fromPoolRef.name (an IPPool), ipAddressFromIPPool (deprecated) or fromPoolAnnotation'));
      }
    });
  }
  const fromHost = get(obj, 'spec', 'metaData', 'fromHostInterfaces');
  if (Array.isArray(fromHost)) {
    fromHost.forEach((h, i) => {
      const field = `spec.metaData.fromHostInterfaces[${i}].interface`;
      if (h?.fromBootMAC === true && h?.interface) {
        out.push(error('capm3/data-template', field, `${JSON.stringify(h.interface)}: interface must be empty when fromBootMAC is true`, 'drop interface: the boot MAC is the host\'s bootMACAddress'));
      } else if (h?.fromBootMAC !== true && !h?.interface) {
        out.push(error('capm3/data-template', field, 'interface must be specified when fromBootMAC is false', 'the NIC name, e.g. eth0, or fromBootMAC: true'));
      }
    });
  }
  return out;
}

/** The keys renderNetworkLinks writes for a bond; a parameter `x` is written as `bond_x`. */
const BOND_KEYS = new Set(['bond_mode', 'bond_xmit_hash_policy', 'bond_links']);

function bondParameterNames(parameters: unknown): string[] {
  if (Array.isArray(parameters)) return parameters.map(p => p?.name).filter((n): n is string => typeof n === 'string');
  if (parameters && typeof parameters === 'object') return Object.keys(parameters);
  return [];
}

function bondRules(obj: KubeObject): Finding[] {
  const bonds = get(obj, 'spec', 'networkData', 'links', 'bonds');
  if (!Array.isArray(bonds)) return [];
  const out: Finding[] = [];
  bonds.forEach((b, i) => {
    const seen = new Set<string>();
    const illegal: string[] = [];
    for (const name of bondParameterNames(b?.parameters)) {
      const key = `bond_${name}`;
      if (BOND_KEYS.has(key) || seen.has(key)) illegal.push(name);
      seen.add(key);
    }
    if (illegal.length) {
      out.push(error('capm3/bond-parameters', `spec.networkData.links.bonds[${i}].parameters`,
        `illegal params "${illegal.join('", "')}" into bond params blob into link id=${b?.id}`,
        'bondMode, bondXmitHashPolicy and bondLinks are set by their own fields, not as parameters'));
    }
  });
  return out;
}

const LINK_MAC = /^([0-9A-Fa-f]{2}[:-]){5}([0-9A-Fa-f]{2})$/;

function linkMacRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  for (const kind of ['ethernets', 'bonds', 'vlans']) {
    const links = get(obj, 'spec', 'networkData', 'links', kind);
    if (!Array.isArray(links)) continue;
    links.forEach((l, i) => {
      const mac = l?.macAddress;
      if (!mac || typeof mac !== 'object') return;
      const field = `spec.networkData.links.${kind}[${i}].macAddress`;
      const annotation = mac.fromAnnotation;
      const hasAnnotation = annotation && typeof annotation === 'object' && (annotation.object || annotation.annotation);
      if (mac.string) {
        if (!LINK_MAC.test(String(mac.string))) {
          out.push(error('capm3/link-mac', `${field}.string`, `bad MAC address: ${mac.string}`, 'six hex octets separated by ":" or "-", e.g. 0c:c4:7a:12:34:56'));
        }
      } else if (!mac.fromHostInterface && !hasAnnotation) {
        out.push(error('capm3/link-mac', field, 'bad MAC address: (empty)', 'set string, fromHostInterface or fromAnnotation'));
      }
    });
  }
  return out;
}

interface PoolRef {
  readonly name: string;
  readonly apiGroup: string;
  readonly kind: string;
  readonly field: string;
}

const M3_GROUP = 'ipam.metal3.io';
const M3_KIND = 'IPPool';

/** Every pool the data controller resolves, in its order (`getReferencedPools`). */
function referencedPools(obj: KubeObject): PoolRef[] {
  const out: PoolRef[] = [];
  const named = (name: unknown, field: string) => {
    if (typeof name === 'string' && name) out.push({ name, apiGroup: M3_GROUP, kind: M3_KIND, field });
  };
  const typed = (ref: any, field: string) => {
    if (typeof ref?.name !== 'string' || !ref.name) return false;
    out.push({ name: ref.name, apiGroup: ref.apiGroup || M3_GROUP, kind: ref.kind || M3_KIND, field });
    return true;
  };
  const meta = get(obj, 'spec', 'metaData') ?? {};
  for (const list of ['ipAddressesFromPool', 'prefixesFromPool', 'gatewaysFromPool', 'dnsServersFromPool',
    'ipAddressesFromIPPool', 'prefixesFromIPPool', 'gatewaysFromIPPool', 'dnsServersFromIPPool']) {
    // The data controller reads these as Metal3 IPPools whatever apiGroup/kind they carry.
    if (Array.isArray(meta[list])) meta[list].forEach((p: any, i: number) => named(p?.name, `spec.metaData.${list}[${i}].name`));
  }
  const networks = get(obj, 'spec', 'networkData', 'networks') ?? {};
  for (const fam of ['ipv4', 'ipv6', 'ipv4DHCP', 'ipv6DHCP', 'ipv6SLAAC']) {
    if (!Array.isArray(networks[fam])) continue;
    networks[fam].forEach((n: any, i: number) => {
      const base = `spec.networkData.networks.${fam}[${i}]`;
      if (NETWORK_FAMILIES.includes(fam) && !typed(n?.fromPoolRef, `${base}.fromPoolRef`)) named(n?.ipAddressFromIPPool, `${base}.ipAddressFromIPPool`);
      (Array.isArray(n?.routes) ? n.routes : []).forEach((r: any, j: number) => {
        const rb = `${base}.routes[${j}]`;
        if (!typed(r?.gateway?.fromPoolRef, `${rb}.gateway.fromPoolRef`)) named(r?.gateway?.fromIPPool, `${rb}.gateway.fromIPPool`);
        named(r?.services?.dnsFromIPPool, `${rb}.services.dnsFromIPPool`);
      });
    });
  }
  named(get(obj, 'spec', 'networkData', 'services', 'dnsFromIPPool'), 'spec.networkData.services.dnsFromIPPool');
  return out;
}

function poolKindRules(obj: KubeObject): Finding[] {
  const first = new Map<string, PoolRef>();
  const out: Finding[] = [];
  for (const r of referencedPools(obj)) {
    const f = first.get(r.name);
    if (!f) {
      first.set(r.name, r);
    } else if (f.apiGroup !== r.apiGroup || f.kind !== r.kind) {
      out.push(error('capm3/pool-kind', r.field, `pool ${JSON.stringify(r.name)} is a ${r.apiGroup}/${r.kind} here but a ${f.apiGroup}/${f.kind} at ${f.field}: multiple references with the same name but different resource types`,
        'pools are keyed by name: give pools of different kinds different names'));
      break; // the controller stops at the first conflict
    }
  }
  return out;
}

export function metal3DataTemplateRules(obj: KubeObject): Finding[] {
  return [...webhookRules(obj), ...bondRules(obj), ...linkMacRules(obj), ...poolKindRules(obj)];
}
