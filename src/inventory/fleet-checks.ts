// Checks across the clusters of an inventory, over the inventory itself (so they run on every
// synth, also when unchanged sites are not built again): a boot MAC, a BMC address or a VIP may
// belong to one cluster only. Within one cluster the enrollment and the cluster constructs
// report these; here only the second cluster to claim one is reported.
import { CsvHost, InventoryProblem, LoadedInventory } from './load';
import { InventoryHost } from './types';

const macKey = (mac: string) => mac.toLowerCase().replace(/[:.-]/g, '');
const bmcKey = (address: string) => address.toLowerCase().replace(/\/+$/, '');

interface Claim {
  readonly cluster: string;
  readonly what: string;
}

export function fleetProblems(loaded: LoadedInventory): InventoryProblem[] {
  const inv = loaded.inventory;
  const problems: InventoryProblem[] = [];
  const macs = new Map<string, Claim>();
  const bmcs = new Map<string, Claim>();
  const vips = new Map<string, Claim>();
  const claim = (map: Map<string, Claim>, key: string, mine: Claim, at: () => Omit<InventoryProblem, 'message'>, message: (other: Claim) => string) => {
    const other = map.get(key);
    if (!other) map.set(key, mine);
    else if (other.cluster !== mine.cluster) problems.push({ ...at(), message: message(other) });
  };
  inv.clusters.forEach((c, i) => {
    const inline: Array<[InventoryHost, () => Omit<InventoryProblem, 'message'>]> = (c.hosts ?? []).map((h, j) =>
      [h, () => ({ file: loaded.file, line: loaded.lineOf(['clusters', i, 'hosts', j]), path: `clusters[${i}].hosts[${j}] (${h.name})` })]);
    const csv: Array<[CsvHost['props'], () => Omit<InventoryProblem, 'message'>]> = (loaded.csvHosts.get(i) ?? []).map(h =>
      [h.props, () => ({ file: c.hostsCsv?.file ?? loaded.file, line: h.line, path: `host ${h.props.name}` })]);
    for (const [h, at] of [...inline, ...csv]) {
      const mine = { cluster: c.name, what: `host ${h.name} of cluster ${c.name}` };
      if (typeof h.bootMacAddress === 'string' && h.bootMacAddress) {
        claim(macs, macKey(h.bootMacAddress), mine, at, o => `bootMacAddress: MAC ${h.bootMacAddress} is also the boot MAC of ${o.what} (each host has its own boot NIC; Ironic refuses a second port with the same MAC)`);
      }
      if (typeof h.bmcAddress === 'string' && h.bmcAddress) {
        claim(bmcs, bmcKey(h.bmcAddress), mine, at, o => `bmcAddress: ${h.bmcAddress} is also the BMC address of ${o.what} (two hosts would fight over one machine's power)`);
      }
    }
    const rke2 = { ...(inv.defaults?.rke2 ?? {}), ...(c.rke2 ?? {}) };
    for (const which of ['apiVip', 'ingressVip'] as const) {
      for (const family of ['ipv4', 'ipv6'] as const) {
        const ip = rke2[which]?.[family];
        if (typeof ip !== 'string' || !ip) continue;
        const path = ['clusters', i, 'rke2', which, family];
        claim(vips, ip.toLowerCase(), { cluster: c.name, what: `the ${which} of cluster ${c.name}` },
          () => ({ file: loaded.file, line: loaded.lineOf(path), path: `clusters[${i}].rke2.${which}.${family} (${c.name})` }),
          o => `${ip} is also ${o.what} (MetalLB would announce one address for two clusters)`);
      }
    }
  });
  return problems;
}
