// The GitOps engines' waves: the layout (same as the CLI fleet upgrade's), then what Fleet,
// Argo CD and Flux get from it, each object checked against the engine's pinned CRD.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { fleetInventory } from '../../bench/fleet-inventory';
import { FleetRollout } from '../../src/core/fleet-rollout';
import { KubeObject } from '../../src/core/kube-object';
import { GitOpsFlavor } from '../../src/gitops/layout';
import { WAVE_LABEL, planWaves, waveListing } from '../../src/gitops/waves';
import { buildInventory } from '../../src/inventory/build';
import { InventoryError, loadInventory } from '../../src/inventory/load';
import { renderOutput } from '../../src/inventory/write';
import { fleetYamlBundle } from '../../src/validate/fleet-yaml';
import { errorLines } from '../util';

const ROLLOUT: FleetRollout = { waves: [1, '10%', '50%', '100%'], maxParallel: 5, maxFailures: '4%', soak: '10m' };

function inventoryFile(sites: number, rollout: object | undefined, labels: Record<number, Record<string, string>> = {}): string {
  const inv: any = fleetInventory(sites, { controlPlane: 1, workers: 0 });
  inv.clusters.forEach((c: any, i: number) => { if (labels[i]) c.labels = labels[i]; });
  const dir = mkdtempSync(join(tmpdir(), 'waves-'));
  const file = join(dir, 'fleet.yaml');
  writeFileSync(file, stringify(rollout ? { ...inv, rollout } : inv));
  return file;
}

/** An inventory file loaded and built (synth's first half; one build serves every engine's render). */
interface Built {
  readonly loaded: ReturnType<typeof loadInventory>;
  readonly outputs: ReturnType<typeof buildInventory>['outputs'];
}

function build(file: string): Built {
  const loaded = loadInventory(file);
  const { outputs, problems } = buildInventory(loaded);
  expect(problems).toEqual([]);
  return { loaded, outputs };
}

function render(input: string | Built, gitops: GitOpsFlavor, extra: object = {}): Map<string, string> {
  const { loaded, outputs } = typeof input === 'string' ? build(input) : input;
  return renderOutput(outputs, { gitops, rollout: loaded.inventory.rollout, outdir: 'dist', ...extra });
}

// Building 50 sites is most of this file's cost: the Fleet, Argo CD and Flux blocks render the same build.
let fiftyBuilt: Built | undefined;
const fifty = (): Built => (fiftyBuilt ??= build(inventoryFile(50, ROLLOUT)));

const docs = (text: string | undefined): any[] => parseAllDocuments(text ?? '').map(d => d.toJS());
const SITES50 = Array.from({ length: 50 }, (_, i) => `site${i}`);

describe('wave layout', () => {
  test('50 sites with 1,10%,50%,100%: a canary, then 4, 20 and 25 sites, in inventory order', () => {
    const plan = planWaves(SITES50.map(name => ({ name })), ROLLOUT);
    expect(plan.waves.map(w => w.clusters.length)).toEqual([1, 4, 20, 25]);
    expect(plan.waves.map(w => w.label)).toEqual(['1', '2', '3', '4']);
    expect(plan.waves.flatMap(w => w.clusters)).toEqual(SITES50);
    expect(plan.failuresAllowed).toBe(2);
    expect(plan.maxParallel).toBe(5);
  });

  test('canary label pins sites to the first wave; orderBy sorts the rest', () => {
    const sites = SITES50.map((name, i) => ({ name, labels: { region: i % 2 ? 'b' : 'a', ...(i === 7 || i === 9 ? { canary: 'true' } : {}) } }));
    const plan = planWaves(sites, { waves: [1, '50%'], canaryLabel: 'canary=true', orderBy: 'region' });
    expect(plan.waves[0].clusters).toEqual(['site7', 'site9']);
    expect(plan.waves[1].clusters.slice(0, 3)).toEqual(['site0', 'site2', 'site4']);
    expect(plan.waves.map(w => w.clusters.length)).toEqual([2, 23, 25]);
  });

  test('header listing: every site once, lines wrapped at 100 columns', () => {
    const names = Array.from({ length: 300 }, (_, i) => `edge-site-${i}`);
    const lines = waveListing(planWaves(names.map(name => ({ name })), ROLLOUT));
    expect(lines.every(l => l.length <= 100 && l.startsWith('#   '))).toBe(true);
    expect(lines.filter(l => /^# {3}wave \d+:/.test(l)).length).toBe(4);
    expect(lines.join(' ').split(/\s+/).filter(w => w.startsWith('edge-site-'))).toEqual(names);
  });

  test('no waves given: one wave of everyone', () => {
    expect(planWaves(SITES50.slice(0, 3).map(name => ({ name })), {}).waves).toEqual([{ number: 1, label: '1', clusters: ['site0', 'site1', 'site2'] }]);
  });
});

describe('bad rollout settings name the inventory file:line', () => {
  const problems = (rollout: object): string[] => {
    const file = inventoryFile(50, rollout);
    try {
      loadInventory(file);
      return [];
    } catch (e) {
      if (!(e instanceof InventoryError)) throw e;
      return e.problems.map(p => `${p.file === file ? 'fleet.yaml' : p.file}:${p.line} ${p.path}: ${p.message}`);
    }
  };

  test('wave sizes that go down, a canary label that is not a label, an order-by that is not a key', () => {
    const found = problems({ waves: ['50%', 10], canaryLabel: '=x', orderBy: 'region=west' });
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^fleet\.yaml:\d+ rollout\.waves: wave sizes are cumulative and must not go down: 50% then 10$/);
    expect(found[1]).toMatch(/^fleet\.yaml:\d+ rollout\.canaryLabel: "=x" is not a label: expected key or key=value$/);
    expect(found[2]).toMatch(/^fleet\.yaml:\d+ rollout\.orderBy: "region=west" is not a label key/);
    // The lines are those of the fields.
    const lines = found.map(f => Number(/:(\d+) /.exec(f)![1]));
    expect(new Set(lines).size).toBe(3);
  });

  test('schema errors come first, with their line', () => {
    expect(problems({ waves: [0] })).toEqual([expect.stringMatching(/^fleet\.yaml:\d+ rollout\.waves\[0\]: must be a cluster count/)]);
  });

  test('a rollout passed to renderOutput directly (not from an inventory) is refused as invalid input', () => {
    const loaded = loadInventory(inventoryFile(4, undefined));
    const { outputs } = buildInventory(loaded);
    expect(() => renderOutput(outputs, { gitops: GitOpsFlavor.FLUX, rollout: { waves: ['100%', '50%'] } }))
      .toThrow(expect.objectContaining({ name: 'InvalidInputError', message: 'rollout: wave sizes are cumulative and must not go down: 100% then 50%' }));
  });

  test('a good rollout has no problems', () => {
    expect(problems(ROLLOUT)).toEqual([]);
  });
});

describe('Fleet', () => {
  const files = render(fifty(), GitOpsFlavor.FLEET);

  test('rolloutStrategy: one partition per wave selecting its wave label; maxUnavailable from maxParallel', () => {
    const fy = parse(files.get('fleet/site-rollout/fleet.yaml')!);
    const rs = fy.rolloutStrategy;
    expect(rs.partitions).toEqual(['1', '2', '3', '4'].map(w => ({ name: `wave-${w}`, clusterSelector: { matchLabels: { [WAVE_LABEL]: w } } })));
    expect(rs.maxUnavailable).toBe(5);
    expect(rs.maxUnavailablePartitions).toBe(0);
    const text = files.get('fleet/site-rollout/fleet.yaml')!;
    expect(text).toMatch(/^# {3}wave 1: site0$/m);
    expect(text).toMatch(/soak 10m: Fleet has no wait between partitions/);
    expect(text).toMatch(/failure budget 2: Fleet has no failure count/);
    expect(errorLines([fleetYamlBundle(fy, 'site-rollout')])).toEqual([]);
  });

  test('each site bundle carries its wave; a site\'s first bundle waits for the previous wave\'s cluster bundles', () => {
    const plan = planWaves(SITES50.map(name => ({ name })), ROLLOUT);
    for (const w of plan.waves) {
      for (const s of w.clusters) {
        const hosts = parse(files.get(`${s}/hosts/fleet.yaml`)!);
        const cluster = parse(files.get(`${s}/cluster/fleet.yaml`)!);
        expect(hosts.labels[WAVE_LABEL]).toBe(w.label);
        expect(cluster.labels[WAVE_LABEL]).toBe(w.label);
        expect(hosts.dependsOn).toEqual(w.number === 1 ? undefined : [{ selector: { matchLabels: { [WAVE_LABEL]: String(w.number - 1), 'cdk8s-capi.io/stage': 'cluster' } } }]);
        expect(cluster.dependsOn).toEqual([{ selector: { matchLabels: { 'cdk8s-capi.io/cluster': s, 'cdk8s-capi.io/stage': 'hosts' } } }]);
      }
    }
    const bundles = [...files].filter(([p]) => p.endsWith('fleet.yaml')).map(([p, t]) => fleetYamlBundle(parse(t), p.replace(/\//g, '-').replace(/-fleet\.yaml$/, '')));
    expect(bundles).toHaveLength(101);
    expect(errorLines(bundles)).toEqual([]);
  });

  test('the CRD check can fail: a partition maxUnavailable that is not int-or-string', () => {
    const fy = parse(files.get('fleet/site-rollout/fleet.yaml')!);
    fy.rolloutStrategy.partitions[0].maxUnavailable = true;
    expect(errorLines([fleetYamlBundle(fy, 'x')]).join('\n')).toMatch(/partitions\[0\]\.maxUnavailable/);
  });
});

describe('Argo CD', () => {
  const files = render(fifty(), GitOpsFlavor.ARGO, { repoUrl: 'https://git.example.com/edge/sites.git' });
  const [appset] = docs(files.get('argo/applicationset.yaml'));

  test('RollingSync: one step per wave, in order, on the wave label, maxUpdate from maxParallel', () => {
    expect(appset.kind).toBe('ApplicationSet');
    expect(appset.spec.strategy.type).toBe('RollingSync');
    expect(appset.spec.strategy.rollingSync.steps).toEqual(['1', '2', '3', '4'].map(w => ({ matchExpressions: [{ key: WAVE_LABEL, operator: 'In', values: [w] }], maxUpdate: 5 })));
    expect(appset.spec.template.metadata.labels[WAVE_LABEL]).toBe('{{.wave}}');
    const plan = planWaves(SITES50.map(name => ({ name })), ROLLOUT);
    const waveOfSite = Object.fromEntries(appset.spec.generators[0].list.elements.map((e: any) => [e.site, e.wave]));
    for (const w of plan.waves) for (const s of w.clusters) expect(waveOfSite[s]).toBe(w.label);
    expect(appset.spec.generators[0].list.elements[0]).toEqual({ site: 'site0', namespace: 'site0', wave: '1', path: 'dist/site0' });
    expect(appset.spec.template.spec.source.repoURL).toBe('https://git.example.com/edge/sites.git');
    expect(files.get('argo/applicationset.yaml')).toMatch(/--enable-progressive-syncs/);
    expect(errorLines([appset])).toEqual([]);
  });

  test('the CRD check can fail: a step with maxUpdate that is not int-or-string', () => {
    const bad = structuredClone(appset);
    bad.spec.strategy.rollingSync.steps[1].maxUpdate = { n: 1 };
    expect(errorLines([bad]).join('\n')).toMatch(/steps\[1\]\.maxUpdate/);
  });

  test('without --repo-url the ApplicationSet cannot be written', () => {
    expect(() => render(inventoryFile(3, ROLLOUT), GitOpsFlavor.ARGO)).toThrow(/--repo-url/);
  });
});

describe('Flux', () => {
  const files = render(fifty(), GitOpsFlavor.FLUX, { repoPath: './clusters' });
  const gates = docs(files.get('flux/waves.yaml'));

  test('one gate Kustomization per wave, each dependsOn the previous and its wave\'s sites; health on their CAPI Clusters', () => {
    const plan = planWaves(SITES50.map(name => ({ name })), ROLLOUT);
    expect(gates.map(g => g.metadata.name)).toEqual(['cdk8s-capi-wave-1', 'cdk8s-capi-wave-2', 'cdk8s-capi-wave-3', 'cdk8s-capi-wave-4']);
    gates.forEach((g, i) => {
      const w = plan.waves[i];
      expect(g.spec.dependsOn).toEqual([...(i ? [{ name: `cdk8s-capi-wave-${i}` }] : []), ...w.clusters.map(s => ({ name: `${s}-cluster` }))]);
      expect(g.spec.healthChecks).toEqual(w.clusters.map(s => ({ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', name: s, namespace: s })));
      expect(g.spec.healthCheckExprs.map((h: any) => h.kind)).toEqual(['Cluster']);
      expect(g.spec.path).toBe('./clusters/flux/waves');
      expect(g.spec.wait).toBeUndefined();
    });
    expect(parse(files.get('flux/waves/kustomization.yaml')!).resources).toEqual([]);
    expect(files.get('flux/waves.yaml')).toMatch(/maxParallel 5: every site of a wave is applied at once/);
    expect(files.get('flux/waves.yaml')).toMatch(/failure budget 2: a gate needs every site of its wave Ready/);
    expect(errorLines(gates)).toEqual([]);
  });

  test('a site\'s first Kustomization waits for the previous wave\'s gate', () => {
    const [hosts0, cluster0] = docs(files.get('flux/site0.yaml'));
    expect(hosts0.spec.dependsOn).toBeUndefined();
    expect(cluster0.spec.dependsOn).toEqual([{ name: 'site0-hosts' }]);
    const [hosts1] = docs(files.get('flux/site1.yaml'));
    expect(hosts1.spec.dependsOn).toEqual([{ name: 'cdk8s-capi-wave-1' }]);
    const [hosts49] = docs(files.get('flux/site49.yaml'));
    expect(hosts49.spec.dependsOn).toEqual([{ name: 'cdk8s-capi-wave-3' }]);
    expect(errorLines([...files].filter(([p]) => /^flux\/site\d+\.yaml$/.test(p)).flatMap(([, t]) => docs(t) as KubeObject[]))).toEqual([]);
  });
});

test('an EKS Anywhere site: the Flux gate health-checks its EKS-A Cluster (Ready), the Argo step selects it', () => {
  const examples = join(__dirname, '..', '..', 'examples', 'inventories');
  const dir = mkdtempSync(join(tmpdir(), 'waves-eksa-'));
  copyFileSync(join(examples, 'eksa-tinkerbell-hosts.csv'), join(dir, 'eksa-tinkerbell-hosts.csv'));
  const file = join(dir, 'eksa.yaml');
  writeFileSync(file, readFileSync(join(examples, 'eksa-tinkerbell.yaml'), 'utf8').replace('clusters:\n', 'rollout: { waves: [1] }\nclusters:\n'));
  const eksa = build(file);
  const [gate] = docs(render(eksa, GitOpsFlavor.FLUX).get('flux/waves.yaml'));
  expect(gate.spec.dependsOn).toEqual([{ name: 'eksa-metal-cluster' }]);
  expect(gate.spec.healthChecks).toEqual([{ apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'Cluster', name: 'eksa-metal', namespace: 'default' }]);
  expect(gate.spec.healthCheckExprs).toEqual([expect.objectContaining({ apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', current: expect.stringContaining("'Ready'") })]);
  expect(errorLines([gate])).toEqual([]);
  const fleet = parse(render(eksa, GitOpsFlavor.FLEET).get('eksa-metal/fleet.yaml')!);
  expect(fleet.labels[WAVE_LABEL]).toBe('1');
});

test('deterministic: same inventory, same bytes, for every engine', () => {
  // Two independent builds of one file; every engine renders from each.
  const file = inventoryFile(20, ROLLOUT);
  const [a, b] = [build(file), build(file)];
  for (const g of Object.values(GitOpsFlavor)) {
    const extra = { repoUrl: 'https://git.example.com/x.git' };
    expect(render(a, g, extra)).toEqual(render(b, g, extra));
  }
});

test('a budget of 0 is what Flux and Argo CD do: no gap line for it', () => {
  const file = build(inventoryFile(4, { waves: [1, '100%'] }));
  expect(render(file, GitOpsFlavor.FLUX).get('flux/waves.yaml')).not.toMatch(/Not expressed|failure budget/);
  expect(render(file, GitOpsFlavor.ARGO, { repoUrl: 'https://git.example.com/x.git' }).get('argo/applicationset.yaml')).not.toMatch(/Not expressed|failure budget/);
  expect(render(file, GitOpsFlavor.FLEET).get('fleet/site-rollout/fleet.yaml')).toMatch(/failure budget 0: Fleet has no failure count/);
});

test('without rollout: the GitOps output is what it was (no wave files, no wave labels)', () => {
  const file = build(inventoryFile(3, undefined));
  const fleet = render(file, GitOpsFlavor.FLEET);
  expect(fleet.has('fleet/site-rollout/fleet.yaml')).toBe(false);
  expect(fleet.get('site1/hosts/fleet.yaml')).not.toMatch(/wave/);
  expect(render(file, GitOpsFlavor.FLUX).has('flux/waves.yaml')).toBe(false);
  expect(render(file, GitOpsFlavor.ARGO).has('argo/applicationset.yaml')).toBe(false);
});
