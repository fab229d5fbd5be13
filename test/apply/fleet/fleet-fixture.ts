// A fleet of small RKE2 sites for the fleet scenarios: one control-plane machine per site and a
// spare host (the rollout surges onto it), BMC credentials from the scenario's variables,
// synthesized by the inventory path (`synth`) into a fleet directory, at a given version.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { buildInventory } from '../../../src/inventory/build';
import { formatProblem, loadInventory } from '../../../src/inventory/load';
import { Inventory } from '../../../src/inventory/types';
import { writeOutput } from '../../../src/inventory/write';

export const OLD = 'v1.35.1+rke2r1';
export const NEW = 'v1.36.3+rke2r1';

export function fleetInventory(sites: number, version: string, extra: Partial<Inventory> = {},
  labels: (s: number) => Record<string, string> | undefined = () => undefined): Inventory {
  return {
    apiVersion: 'cdk8s-capi.io/v1alpha1',
    kind: 'Inventory',
    defaults: {
      bmc: { credentials: { usernameVar: 'BMC_NODE1_USERNAME', passwordVar: 'BMC_NODE1_PASSWORD' } },
      rke2: { version, controlPlane: { replicas: 1, maxSurge: 1, image: { url: 'http://imagecache.local:8080/eibimage-output-telco.raw' } } },
    },
    clusters: Array.from({ length: sites }, (_, s) => ({
      name: `site${s}`,
      type: 'rke2-multinode' as const,
      namespace: `site${s}`,
      ...(labels(s) ? { labels: labels(s) } : {}),
      hosts: [1, 2].map(h => ({
        name: `site${s}-node${h}`,
        role: 'control-plane' as const,
        bmcAddress: `redfish-virtualmedia://100.64.${s}.${h}/redfish/v1/Systems/1`,
        bootMacAddress: `0c:c4:7a:00:${s.toString(16).padStart(2, '0')}:0${h}`,
      })),
      rke2: { apiVip: { ipv4: `172.16.${s}.100` } },
    })),
    ...extra,
  };
}

/** `synth` of the inventory into a new directory; returns the fleet directory. */
export function synthFleet(inv: Inventory): string {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-'));
  const file = join(dir, 'inventory.yaml');
  writeFileSync(file, stringify(inv));
  const loaded = loadInventory(file);
  const { outputs, problems } = buildInventory(loaded);
  if (problems.length) throw new Error(problems.map(formatProblem).join('\n'));
  writeOutput(outputs, { outdir: join(dir, 'out'), rollout: loaded.inventory.rollout });
  return join(dir, 'out');
}
