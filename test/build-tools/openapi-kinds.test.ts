// The import step's derivation of the built-in kinds from Kubernetes OpenAPI v3 documents
// (build-tools/openapi-kinds.ts), on small documents shaped like the pinned ones, and on the
// pinned documents themselves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VALUE_SETS, applyValueSets } from '../../build-tools/builtin-value-sets';
import { cacheDir, readLock } from '../../build-tools/crd-lock';
import { OBJECT_META, OpenApiError, builtinSection } from '../../build-tools/openapi-kinds';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const post = (group: string, version: string, kind: string, def: string) => ({
  post: { 'x-kubernetes-action': 'post', 'x-kubernetes-group-version-kind': { group, version, kind }, 'requestBody': { content: { '*/*': { schema: ref(def) } } } },
});
const META = { type: 'object', properties: { name: { type: 'string', description: 'prose' }, creationTimestamp: { allOf: [ref('io.k8s.apimachinery.pkg.apis.meta.v1.Time')], default: {} } } };

/** A document of group `g.example/v1` with a namespaced Widget (status subresource) and a cluster-scoped Gadget. */
function doc(extra: Record<string, any> = {}): any {
  return {
    paths: {
      '/apis/g.example/v1/namespaces/{namespace}/widgets': post('g.example', 'v1', 'Widget', 'W'),
      '/apis/g.example/v1/namespaces/{namespace}/widgets/{name}': { put: { 'x-kubernetes-action': 'put' } },
      '/apis/g.example/v1/namespaces/{namespace}/widgets/{name}/status': { put: { 'x-kubernetes-action': 'put' } },
      '/apis/g.example/v1/gadgets': post('g.example', 'v1', 'Gadget', 'G'),
      '/apis/g.example/v1/widgets': { get: { 'x-kubernetes-action': 'list' } },
      '/apis/g.example/v1/namespaces/{namespace}/widgets/{name}/eviction': post('policy', 'v1', 'Eviction', 'G'),
    },
    components: {
      schemas: {
        [OBJECT_META]: META,
        'io.k8s.apimachinery.pkg.apis.meta.v1.Time': { type: 'string', format: 'date-time' },
        'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { type: 'string', format: 'int-or-string', oneOf: [{ type: 'integer' }, { type: 'string' }] },
        'W': {
          'type': 'object',
          'x-kubernetes-group-version-kind': [{ group: 'g.example', version: 'v1', kind: 'Widget' }],
          'properties': {
            metadata: { allOf: [ref(OBJECT_META)], default: {} },
            port: { type: 'string', default: 'TCP', description: 'Supports "TCP" and "UDP".' },
            name: { type: 'string', default: '' },
            target: ref('io.k8s.apimachinery.pkg.util.intstr.IntOrString'),
            raw: ref('io.k8s.apimachinery.pkg.runtime.RawExtension'),
            children: { 'type': 'array', 'items': { allOf: [ref('W')], default: {} }, 'x-kubernetes-patch-merge-key': 'name' },
          },
        },
        'G': { type: 'object', properties: { empty: { type: 'object' } } },
        'io.k8s.apimachinery.pkg.runtime.RawExtension': { type: 'object' },
        ...extra,
      },
    },
  };
}
const derive = (d = doc()) => builtinSection([{ groupVersion: 'g.example/v1', file: 'g.json', doc: d }], 'kubernetes/kubernetes@v0.0.0');

describe('built-in kinds from OpenAPI documents', () => {
  test('creatable kinds come from collection paths with a POST: scope from the path, status subresource from /status', () => {
    expect(derive().kinds).toEqual([
      { group: 'g.example', version: 'v1', kind: 'Gadget', plural: 'gadgets', namespaced: false, statusSubresource: false, definition: 'G' },
      { group: 'g.example', version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true, statusSubresource: true, definition: 'W' },
    ]);
  });

  test('definitions: references unwrapped, prose and merge keys dropped, zero-value defaults dropped, declarative ones kept', () => {
    const s = derive();
    expect(s.definitions.W.properties).toEqual({
      metadata: { $ref: OBJECT_META },
      port: { type: 'string', default: 'TCP' },
      name: { type: 'string' },
      target: { $ref: 'io.k8s.apimachinery.pkg.util.intstr.IntOrString' },
      raw: { $ref: 'io.k8s.apimachinery.pkg.runtime.RawExtension' },
      children: { type: 'array', items: { $ref: 'W' } },
    });
    expect(s.definitions[OBJECT_META].properties.name).toEqual({ type: 'string' });
    expect(s.definitions['io.k8s.apimachinery.pkg.util.intstr.IntOrString']).toEqual({ 'x-kubernetes-int-or-string': true });
    expect(s.definitions['io.k8s.apimachinery.pkg.apis.meta.v1.Time']).toEqual({ type: 'string', format: 'date-time', nullable: true });
    // RawExtension holds any JSON; an object type without fields elsewhere is an empty Go struct.
    expect(s.definitions['io.k8s.apimachinery.pkg.runtime.RawExtension']).toEqual({ 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true });
    expect(s.definitions.G.properties.empty).toEqual({ type: 'object' });
  });

  test('only the definitions the kinds and ObjectMeta reach are kept; recursive ones are listed', () => {
    const s = derive(doc({ Unused: { type: 'string' } }));
    expect(Object.keys(s.definitions)).not.toContain('Unused');
    expect(s.recursive).toEqual(['W']);
  });

  test('a definition two documents disagree on, and shapes the run time cannot read, are refused', () => {
    const other = doc();
    other.components.schemas[OBJECT_META] = { type: 'object', properties: { name: { type: 'integer' } } };
    expect(() => builtinSection([{ groupVersion: 'g.example/v1', file: 'a.json', doc: doc() }, { groupVersion: 'g.example/v1', file: 'b.json', doc: other }], 'x'))
      .toThrow(new OpenApiError(`b.json: definition ${OBJECT_META} differs from the one in a.json`));
    expect(() => derive(doc({ G: { allOf: [ref('W'), ref('W')] } }))).toThrow(/allOf other than one \$ref/);
    expect(() => derive(doc({ G: { type: 'object', properties: { a: ref('Missing') } } }))).toThrow(/Missing is referenced but not in the documents/);
  });

  test('value sets land on their fields; one whose field is gone fails the import', () => {
    const s = derive();
    applyValueSets(s.definitions, [{ definition: 'W', path: ['port'], schema: { enum: ['', 'TCP', 'UDP'] }, upstream: ['f.go', 'F'] }]);
    expect(s.definitions.W.properties.port).toEqual({ type: 'string', default: 'TCP', enum: ['', 'TCP', 'UDP'] });
    expect(() => applyValueSets(s.definitions, [{ definition: 'W', path: ['gone'], schema: {}, upstream: ['f.go', 'F'] }])).toThrow(/W.gone: no such field/);
  });
});

describe('the pinned Kubernetes OpenAPI documents', () => {
  const lock = readLock();
  const docs = lock.openapi.map(p => ({ groupVersion: p.groupVersion, file: p.file, doc: JSON.parse(readFileSync(join(cacheDir(), p.file), 'utf8')) }));
  const s = builtinSection(docs, 'kubernetes/kubernetes@v1.28.4');

  test('give every creatable kind of the pinned group/versions, scope and status as the API server serves them', () => {
    const k = (kind: string) => s.kinds.find(x => x.kind === kind);
    expect(s.kinds.length).toBe(45);
    expect(k('Deployment')).toMatchObject({ group: 'apps', version: 'v1', plural: 'deployments', namespaced: true, statusSubresource: true });
    expect(k('ClusterRole')).toMatchObject({ group: 'rbac.authorization.k8s.io', namespaced: false, statusSubresource: false });
    expect(k('Namespace')).toMatchObject({ group: '', plural: 'namespaces', namespaced: false, statusSubresource: true });
    expect(k('ServiceAccount')).toMatchObject({ namespaced: true, statusSubresource: false });
    // Subresource kinds and read-only kinds are not creatable resources.
    for (const kind of ['Scale', 'Eviction', 'TokenRequest', 'ComponentStatus', 'ConfigMapList', 'DeleteOptions']) expect(k(kind)).toBeUndefined();
    expect(s.recursive).toEqual(['io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps']);
  });

  test('every value set names a field the documents have', () => {
    expect(() => applyValueSets(structuredClone(s.definitions))).not.toThrow();
    expect(VALUE_SETS.length).toBeGreaterThan(10);
  });
});
