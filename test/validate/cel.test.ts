// CRD x-kubernetes-validations in the schema layer: every rule of every pinned CRD compiles in
// our environment; rules run on the values they apply to, report like the API server, and
// transition rules run only against the old object.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG } from '../../src/validate/catalog';
import { celEnvironment, compileCel } from '../../src/validate/cel/environment';
import { rulesIn } from '../../src/validate/cel/validator';
import { escapeProperty } from '../../src/validate/cel/values';
import { SchemaRegistry } from '../../src/validate/schema';
import { upgradeRules } from '../../src/validate/upgrade';

const registry = SchemaRegistry.default();
const bundle = JSON.parse(readFileSync(join(__dirname, '..', '..', 'imports', 'crd-schemas.json'), 'utf8'));

describe('the pinned CRDs', () => {
  const all = (bundle.crds as any[]).flatMap(c => c.versions.flatMap((v: any) => rulesIn(v.schema).map(r => ({ crd: `${c.kind}/${v.name}`, ...r }))));

  test('every rule compiles in our environment (none is reported as not evaluated)', () => {
    expect(all.length).toBeGreaterThan(30);
    expect(all.filter(r => !r.compiled.ok).map(r => `${r.crd} ${r.path}: ${r.rule.rule} (${(r.compiled as any).error})`)).toEqual([]);
  });

  test('the CEL rules of every catalogued project are catalogued as cel/<group>/<Kind> (docs/DESIGN-NOTES.md)', () => {
    // A project is catalogued once a catalog other than the generic one cites its repository.
    const projects = new Set(CATALOG.filter(p => !p.families.includes('cel')).flatMap(p => p.entries.flatMap(e => (e.upstream ?? []).map(r => r.repo))));
    const ids = new Set(CATALOG.flatMap(p => p.entries.map(e => e.id)));
    const missing = (bundle.crds as any[])
      // Rules under status, when status is a subresource, never meet a manifest: the API server drops
      // status from writes to the main resource (MetalLB's ServiceL2Status / ServiceBGPStatus).
      .filter(c => projects.has(String(c.source).split('@')[0]) && c.versions.some((v: any) => rulesIn(v.schema)
        .some(r => !(v.subresources?.status && /^\.?status\b/.test(r.path)))))
      .map(c => `cel/${c.group}/${c.kind}`)
      .filter(id => !ids.has(id));
    expect(projects.has('kubernetes-sigs/cluster-api')).toBe(true);
    expect([...new Set(missing)]).toEqual([]);
  });

  test('the functions the rules use are the ones we provide', () => {
    expect(compileCel("quantity('1Gi').isGreaterThan(quantity('1Mi'))")).toEqual({ ok: false, error: 'uses isGreaterThan(), quantity(), which this evaluator does not provide' });
    expect(celEnvironment().funcs.find('split')).toBeDefined();
  });
});

const mhc = (types: string[]) => ({
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'MachineHealthCheck',
  metadata: { name: 'm', namespace: 'default' },
  spec: {
    clusterName: 'c',
    selector: { matchLabels: { a: 'b' } },
    checks: { unhealthyMachineConditions: types.map(type => ({ type, status: 'False', timeoutSeconds: 300 })) },
  },
});

describe('evaluation', () => {
  test('a reserved unhealthy machine condition (CAPI MachineHealthCheck)', () => {
    expect(registry.validate(mhc(['Ready', 'MyCondition']))).toEqual([expect.objectContaining({
      severity: 'error',
      rule: 'cel/cluster.x-k8s.io/MachineHealthCheck',
      field: 'spec.checks.unhealthyMachineConditions[0].type',
      message: 'Invalid value: "Ready": type must not be one of: Ready, Available, HealthCheckSucceeded, OwnerRemediated, ExternallyRemediated',
    })]);
    expect(registry.validate(mhc(['MyCondition']))).toEqual([]);
  });

  test('not run when the schema already rejected the object (the API server skips CEL then)', () => {
    const o: any = mhc(['Ready']);
    delete o.spec.clusterName;
    expect(registry.validate(o).map(f => f.rule)).toEqual(['schema/required']);
  });

  test('durations and regular expressions (MetalLB BGPPeer connectTime)', () => {
    const peer = (connectTime: string) => ({
      apiVersion: 'metallb.io/v1beta2',
      kind: 'BGPPeer',
      metadata: { name: 'p', namespace: 'metallb-system' },
      spec: { myASN: 64500, peerASN: 64501, peerAddress: '10.0.0.1', connectTime },
    });
    expect(registry.validate(peer('10s'))).toEqual([]);
    expect(registry.validate(peer('1500ms')).map(f => f.message)).toEqual(['Invalid value: "1500ms": connect time should contain a whole number of seconds']);
    expect(registry.validate(peer('20h')).map(f => f.message)).toEqual(['Invalid value: "20h": connect time should be between 1 seconds to 65535']);
  });

  test('transition rules run only against the old object', () => {
    const peer = (enableGracefulRestart: boolean) => ({
      apiVersion: 'metallb.io/v1beta2',
      kind: 'BGPPeer',
      metadata: { name: 'p', namespace: 'metallb-system' },
      spec: { myASN: 64500, peerASN: 64501, peerAddress: '10.0.0.1', enableGracefulRestart },
    });
    expect(registry.validate(peer(true))).toEqual([]);
    expect(registry.transitionFindings(peer(false), peer(false))).toEqual([]);
    expect(registry.transitionFindings(peer(false), peer(true))).toEqual([expect.objectContaining({
      rule: 'cel/metallb.io/BGPPeer', field: 'spec.enableGracefulRestart', message: 'Invalid value: true: EnableGracefulRestart cannot be changed after creation',
    })]);
    // validate --against runs them through the upgrade rules.
    expect(upgradeRules([peer(false)], [peer(true)]).map(f => f.finding.rule)).toEqual(['cel/metallb.io/BGPPeer']);
    // A field the old object did not have: nothing to compare with.
    const old: any = peer(false);
    delete old.spec.enableGracefulRestart;
    expect(registry.transitionFindings(old, peer(true))).toEqual([]);
  });

  test('optionalOldSelf rules run on create with no old value (k3s HelmChart driver)', () => {
    const chart = (driver?: string) => ({ apiVersion: 'helm.cattle.io/v1', kind: 'HelmChart', metadata: { name: 'h', namespace: 'kube-system' }, spec: { chart: 'x', ...(driver ? { driver } : {}) } });
    expect(registry.validate(chart('secret'))).toEqual([]);
    expect(registry.transitionFindings(chart('secret'), chart('secret'))).toEqual([]);
    expect(registry.transitionFindings(chart('secret'), chart()).map(f => f.message)).toEqual([]);
    expect(registry.transitionFindings(chart('secret'), chart('configmap')).map(f => f.message)).toEqual(['Invalid value: "configmap": driver is immutable after creation']);
  });
});

describe('a CRD of ours: reason, fieldPath, messageExpression, escaping, int-or-string, list-map correlation', () => {
  const crd = {
    group: 'example.com',
    kind: 'Widget',
    plural: 'widgets',
    scope: 'Namespaced',
    source: 'test',
    versions: [{
      name: 'v1',
      storage: true,
      deprecated: false,
      schema: {
        type: 'object',
        properties: {
          spec: {
            'type': 'object',
            'properties': {
              'namespace': { type: 'string' },
              'max-size': { 'x-kubernetes-int-or-string': true },
              'replicas': { type: 'integer' },
              'items': {
                'type': 'array',
                'x-kubernetes-list-type': 'map',
                'x-kubernetes-list-map-keys': ['name'],
                'items': {
                  'type': 'object',
                  'properties': { name: { type: 'string' }, size: { type: 'integer' } },
                  'x-kubernetes-validations': [{ rule: 'self.size >= oldSelf.size', message: 'size cannot shrink' }],
                },
              },
            },
            'x-kubernetes-validations': [
              { rule: "!has(self.__namespace__) || self.__namespace__ != 'kube-system'", reason: 'FieldValueForbidden', fieldPath: '.namespace', message: 'not in kube-system' },
              { rule: 'self.replicas % 2 == 1', messageExpression: "'replicas must be odd, got ' + string(self.replicas)" },
              { rule: "!has(self.max__dash__size) || type(self.max__dash__size) == int || self.max__dash__size.endsWith('%')" },
            ],
          },
        },
      },
    }],
  };
  const r = new SchemaRegistry({ crds: [crd] });
  const w = (spec: any) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec });

  test('reason and fieldPath', () => {
    expect(r.validate(w({ namespace: 'kube-system', replicas: 1 })).map(f => `${f.field}: ${f.message}`)).toEqual(['spec.namespace: Forbidden: not in kube-system']);
  });

  test('messageExpression', () => {
    expect(r.validate(w({ replicas: 2 })).map(f => f.message)).toEqual(['Invalid value: {"replicas":2}: replicas must be odd, got 2']);
  });

  test('no message: "failed rule"; int-or-string values are ints or strings', () => {
    expect(r.validate(w({ 'replicas': 1, 'max-size': 3 }))).toEqual([]);
    expect(r.validate(w({ 'replicas': 1, 'max-size': '30%' }))).toEqual([]);
    expect(r.validate(w({ 'replicas': 1, 'max-size': '30' })).map(f => f.message)).toEqual([
      expect.stringMatching(/: failed rule: !has\(self.max__dash__size\)/),
    ]);
  });

  test('list-map items correlate by key', () => {
    const old = w({ replicas: 1, items: [{ name: 'a', size: 3 }, { name: 'b', size: 3 }] });
    expect(r.transitionFindings(old, w({ replicas: 1, items: [{ name: 'b', size: 3 }, { name: 'a', size: 3 }, { name: 'c', size: 1 }] }))).toEqual([]);
    expect(r.transitionFindings(old, w({ replicas: 1, items: [{ name: 'b', size: 2 }] })).map(f => `${f.field}: ${f.message}`))
      .toEqual(['spec.items[0]: Invalid value: {"name":"b","size":2}: size cannot shrink']);
  });

  test('escaping of property names', () => {
    expect(['namespace', 'a-b', 'a.b', 'a/b', 'a__b', 'x y', '1a'].map(escapeProperty))
      .toEqual(['__namespace__', 'a__dash__b', 'a__dot__b', 'a__slash__b', 'a__underscores__b', undefined, undefined]);
  });
});
