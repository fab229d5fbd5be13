import Ajv from 'ajv';
import { WIDGET_CRD } from './widget-crd';
import { SchemaRegistry, fieldPath } from '../../src/validate/schema';

function registry(): SchemaRegistry {
  const r = new SchemaRegistry();
  r.addCrd(WIDGET_CRD);
  return r;
}

const ok = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec: { size: 3 } };
const rules = (obj: any) => registry().validate(obj).map(f => `${f.rule} ${f.field}: ${f.message}`);

describe('structural schema → ajv', () => {
  test('a valid object has no findings', () => {
    expect(rules(ok)).toEqual([]);
  });

  test('int-or-string accepts both and rejects others', () => {
    expect(rules({ ...ok, spec: { size: '50%' } })).toEqual([]);
    expect(rules({ ...ok, spec: { size: true } })).toEqual(['schema/type spec.size: Invalid value: true: must be an integer or a string']);
  });

  test('required fields', () => {
    expect(rules({ ...ok, spec: {} })).toEqual(['schema/required spec.size: Required value']);
    expect(rules({ kind: 'Widget' })).toEqual(['schema/required apiVersion: Required value']);
  });

  test('unknown fields are rejected where the server would prune them, allowed under preserve-unknown-fields and maps', () => {
    expect(rules({ ...ok, spec: { size: 1, sise: 2 } })).toEqual(['schema/unknown-field spec.sise: unknown field "spec.sise"']);
    expect(rules({ ...ok, extra: 1 })).toEqual(['schema/unknown-field extra: unknown field "extra"']);
    expect(rules({ ...ok, spec: { size: 1, free: { anything: { goes: [1] } }, labels: { a: 'b' } } })).toEqual([]);
    expect(rules({ ...ok, spec: { size: 1, labels: { a: 1 } } })).toEqual(['schema/type spec.labels.a: Invalid value: 1: must be of type string']);
  });

  test('a property named "description" survives description stripping', () => {
    expect(rules({ ...ok, spec: { size: 1, description: 'kept' } })).toEqual([]);
  });

  test('nullable accepts null; non-nullable does not', () => {
    expect(rules({ ...ok, spec: { size: 1, note: null } })).toEqual([]);
    expect(rules({ ...ok, spec: { size: 1, color: null } })).toEqual(['schema/type spec.color: Invalid value: null: must be of type string']);
  });

  test('enum lists the supported values', () => {
    expect(registry().validate({ ...ok, spec: { size: 1, color: 'green' } })).toEqual([
      expect.objectContaining({ field: 'spec.color', message: 'Unsupported value: "green"', hint: 'supported values: "red", "blue"' }),
    ]);
  });

  test('embedded resources need apiVersion and kind', () => {
    expect(rules({ ...ok, spec: { size: 1, template: { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: {} } } })).toEqual([]);
    expect(rules({ ...ok, spec: { size: 1, template: { spec: {} } } })).toEqual([
      'schema/required spec.template.apiVersion: Required value', 'schema/required spec.template.kind: Required value',
    ]);
  });

  test('list-type map rejects duplicate keys; list-type set rejects duplicates', () => {
    expect(rules({ ...ok, spec: { size: 1, ports: [{ name: 'a', port: 1 }, { name: 'a', port: 2 }] } })).toEqual(['schema/duplicate spec.ports: Duplicate value: name="a"']);
    expect(rules({ ...ok, spec: { size: 1, tags: ['x', 'x'] } })).toEqual(['schema/duplicate spec.tags: Duplicate value: items 1 and 0 are equal']);
  });

  test('minimum, format and array paths', () => {
    expect(rules({ ...ok, spec: { size: 1, ports: [{ name: 'a', port: 0 }] } })).toEqual(['schema/minimum spec.ports[0].port: Invalid value: 0: must be >= 1']);
    expect(rules({ ...ok, spec: { size: 1, url: 'has space' } })).toEqual(['schema/format spec.url: Invalid value: "has space": must be of format uri']);
  });

  test('metadata is ObjectMeta for every kind', () => {
    expect(rules({ ...ok, metadata: { name: 'w', labels: { a: 1 } } })).toEqual(['schema/type metadata.labels.a: Invalid value: 1: must be of type string']);
    expect(rules({ ...ok, metadata: { name: 'w', bogus: 1 } })).toEqual(['schema/unknown-field metadata.bogus: unknown field "metadata.bogus"']);
  });

  test('a field of another served version is explained', () => {
    const f = registry().validate({ ...ok, spec: { size: 1, oldSize: 2 } });
    expect(f[0].hint).toBe('"spec.oldSize" is part of example.com/v0 Widget, not v1; use the v1 layout or apiVersion example.com/v0');
  });

  test('unserved and unknown versions/kinds', () => {
    expect(rules({ ...ok, apiVersion: 'example.com/vOld' })).toEqual(['schema/unserved-version apiVersion: example.com/vOld is not a served version of Widget (crd/widgets.example.com)']);
    // Not knowing is not wrong: a kind without a schema is not checked, in a group we pin (any CRD may add one) or another.
    expect(registry().validate({ ...ok, kind: 'Gadget' })).toEqual([expect.objectContaining({
      severity: 'warning', rule: 'schema/unknown-kind', message: 'no schema for Gadget in example.com/v1: not checked', hint: expect.stringMatching(/not closed.*define Widget$/),
    })]);
    expect(registry().validate({ ...ok, apiVersion: 'other.example.org/v1', kind: 'Gadget' }))
      .toEqual([expect.objectContaining({ severity: 'warning', rule: 'schema/unknown-kind', message: 'no schema for Gadget in other.example.org/v1: not checked' })]);
  });

  test('each kind/version is compiled once and reused', () => {
    const r = registry();
    const spy = jest.spyOn(Ajv.prototype, 'compile');
    r.validate(ok);
    r.validate({ ...ok, spec: { size: 'x' } });
    r.validate(ok);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  test('resolve reports scope and status subresource', () => {
    const res = registry().resolve('example.com/v1', 'Widget');
    expect(res).toEqual({ status: 'ok', info: expect.objectContaining({ plural: 'widgets', namespaced: true, statusSubresource: true }) });
  });

  test('fieldPath renders JSON pointers the way kubectl shows fields', () => {
    expect(fieldPath('/spec/ports/0/port')).toBe('spec.ports[0].port');
    expect(fieldPath('/metadata/labels/a~1b')).toBe('metadata.labels.a/b');
    expect(fieldPath('')).toBe('');
  });
});

describe('pinned CRDs and built-in kinds', () => {
  const r = SchemaRegistry.default();
  const v = (o: any) => r.validate(o).map(f => `${f.field}: ${f.message}${f.hint ? ` (${f.hint})` : ''}`);

  test('every pinned CRD version compiles', () => {
    for (const k of r.kinds()) {
      const apiVersion = k.group ? `${k.group}/${k.version}` : k.version;
      expect(() => r.validate({ apiVersion, kind: k.kind, metadata: { name: 'x' } })).not.toThrow();
    }
    expect(r.kinds().filter(k => k.source !== 'builtin').length).toBeGreaterThanOrEqual(47);
  });

  test('the reference chapter\'s v1beta1-layout RKE2ControlPlane under v1beta2 is rejected with the fix', () => {
    const cp = {
      apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
      kind: 'RKE2ControlPlane',
      metadata: { name: 'multinode-cluster', namespace: 'default' },
      spec: {
        infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: 'multinode-cluster-controlplane' },
        replicas: 3,
        version: 'v1.36.3+rke2r1',
        rolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0 } },
      },
    };
    expect(v(cp)).toEqual(['spec.infrastructureRef: unknown field "spec.infrastructureRef" (controlplane.cluster.x-k8s.io/v1beta2 moved spec.infrastructureRef to spec.machineTemplate.spec.infrastructureRef ({apiGroup, kind, name}))']);
  });

  test('Secret data must be base64 (the chapter puts ${VARS} in data)', () => {
    expect(v({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { username: '${BMC_NODE1_USERNAME}' } }))
      .toEqual(['data.username: Invalid value: "${BMC_NODE1_USERNAME}": must be of format byte (Secret data values are base64; put plain text in stringData instead)']);
  });

  test('Service is covered: ports, enums, int-or-string targetPort', () => {
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'kubernetes-vip', namespace: 'default' }, spec: { type: 'LoadBalancer', ipFamilyPolicy: 'PreferDualStack', ports: [{ name: 'k8s-api', port: 6443, protocol: 'TCP', targetPort: 6443 }] } };
    expect(v(svc)).toEqual([]);
    expect(v({ ...svc, spec: { ...svc.spec, type: 'Balanced' } })).toEqual(['spec.type: Unsupported value: "Balanced" (supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort" (or empty for the default))']);
    expect(v({ ...svc, spec: { ports: [{ port: 70000 }] } })).toEqual(['spec.ports[0].port: Invalid value: 70000: must be <= 65535']);
  });

  test('Metal3MachineTemplate v1beta2 renamed image.format to diskFormat', () => {
    const t = {
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2',
      kind: 'Metal3MachineTemplate',
      metadata: { name: 't' },
      spec: { template: { spec: { image: { url: 'http://x/y.raw', checksum: 'http://x/y.raw.sha256', checksumType: 'sha256', format: 'raw' } } } },
    };
    expect(v(t)).toEqual(['spec.template.spec.image.format: unknown field "spec.template.spec.image.format" (infrastructure.cluster.x-k8s.io/v1beta2 moved spec.template.spec.image.format to spec.template.spec.image.diskFormat)']);
  });

  test('RKE2ControlPlane version pattern is enforced', () => {
    const cp = { apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2', kind: 'RKE2ControlPlane', metadata: { name: 'c' }, spec: { version: 'v1.36.3', rolloutStrategy: { type: 'RollingUpdate' } } };
    expect(v(cp)).toEqual([expect.stringMatching(/^spec.version: Invalid value: "v1.36.3": should match/)]);
  });
});
