import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Scenario } from '../scenario';
import { buildInventory } from '../../../src/inventory/build';
import { loadInventory } from '../../../src/inventory/load';
import { writeOutput } from '../../../src/inventory/write';
import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';

function inv(n: number, version: string) {
  return {
    apiVersion: 'cdk8s-capi.io/v1alpha1', kind: 'Inventory',
    defaults: { bmc: { credentials: { usernameVar: 'BMC_NODE1_USERNAME', passwordVar: 'BMC_NODE1_PASSWORD' } }, rke2: { version, controlPlane: { replicas: 1, image: { url: 'http://img/cp.raw' } } } },
    clusters: Array.from({ length: n }, (_, s) => ({
      name: `site${s}`, type: 'rke2-multinode', namespace: `site${s}`,
      hosts: [1, 2].map(h => ({ name: `site${s}-node${h}`, role: 'control-plane', bmcAddress: `redfish-virtualmedia://100.64.${s}.${h}/redfish/v1/Systems/1`, bootMacAddress: `0c:c4:7a:00:${s.toString(16).padStart(2, '0')}:0${h}` })),
      rke2: { apiVip: { ipv4: `172.16.${s}.100` } },
    })),
  };
}
function synth(n: number, version: string): string {
  const d = mkdtempSync(join(tmpdir(), 'fleet-'));
  const f = join(d, 'inv.yaml');
  writeFileSync(f, stringify(inv(n, version)));
  const b = buildInventory(loadInventory(f));
  if (b.problems.length) throw new Error(JSON.stringify(b.problems));
  writeOutput(b.outputs, { outdir: join(d, 'out') });
  return join(d, 'out');
}

test('exp', async () => {
  const N = 10;
  const a = synth(N, 'v1.35.1+rke2r1');
  const b = synth(N, 'v1.36.3+rke2r1');
  const sc = new Scenario();
  let t = Date.now();
  const r = await sc.cli(['apply', a, '--kubeconfig', '/x']);
  console.log('apply', r.code, Date.now() - t, r.ms, r.stderr.slice(0, 2000));
  for (let s = 0; s < 3; s++) {
    t = Date.now();
    const u = await sc.cli(['upgrade', join(b, `site${s}`), '--kubeconfig', '/x']);
    console.log('upgrade', u.code, Date.now() - t, u.ms, u.stderr.slice(0, 2000), u.code ? u.stdout : '');
  }
  await sc.stop();
});
