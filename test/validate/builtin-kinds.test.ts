// Built-in kinds validated against the pinned Kubernetes v1.28.4 OpenAPI (the import step's
// `builtins` section, validate/builtin-kinds.ts), as strictly as the API server decodes them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cdk8s from 'cdk8s';
import * as kplus from 'cdk8s-plus-28';
import { readLock } from '../../build-tools/crd-lock';
import { packageRoot } from '../../src/core/package-root';
import { SchemaRegistry } from '../../src/validate/schema';

const r = SchemaRegistry.default();
const v = (o: any) => r.validate(o).map(f => `${f.severity} ${f.rule} ${f.field}: ${f.message}`);
const info = (apiVersion: string, kind: string) => {
  const res = r.resolve(apiVersion, kind);
  return res.status === 'ok' ? res.info : res;
};
const deployment = (container: Record<string, unknown> = {}, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'edge' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx', ...container }] } }, ...spec },
});
const service = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's', namespace: 'edge' }, spec: { ports: [{ port: 80 }], ...spec } });

describe('built-in kinds from the Kubernetes OpenAPI', () => {
  test('every creatable kind of the pinned documents is known, with its scope, plural and status subresource', () => {
    const builtins = r.kinds().filter(k => k.source === 'builtin');
    expect(builtins.length).toBe(45);
    expect(info('apps/v1', 'Deployment')).toMatchObject({ plural: 'deployments', namespaced: true, statusSubresource: true });
    expect(info('apps/v1', 'DaemonSet')).toMatchObject({ namespaced: true, statusSubresource: true });
    expect(info('v1', 'ServiceAccount')).toMatchObject({ plural: 'serviceaccounts', namespaced: true, statusSubresource: false });
    expect(info('v1', 'ConfigMap')).toMatchObject({ namespaced: true, statusSubresource: false });
    expect(info('v1', 'Namespace')).toMatchObject({ namespaced: false, statusSubresource: true });
    expect(info('rbac.authorization.k8s.io/v1', 'ClusterRole')).toMatchObject({ namespaced: false, statusSubresource: false });
    expect(info('rbac.authorization.k8s.io/v1', 'RoleBinding')).toMatchObject({ namespaced: true });
    expect(info('storage.k8s.io/v1', 'StorageClass')).toMatchObject({ namespaced: false });
    expect(info('apiextensions.k8s.io/v1', 'CustomResourceDefinition')).toMatchObject({ namespaced: false, statusSubresource: true });
  });

  test('an unknown field is an error, at any depth (strict decoding: unknown field)', () => {
    expect(v({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' }, bogus: 1 })).toEqual(['error schema/unknown-field bogus: unknown field "bogus"']);
    expect(v(deployment({ imagePullSecret: 'x' }))).toEqual([
      'error schema/unknown-field spec.template.spec.containers[0].imagePullSecret: unknown field "spec.template.spec.containers[0].imagePullSecret"',
    ]);
    expect(v({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'sa', namspace: 'edge' } })).toEqual(['error schema/unknown-field metadata.namspace: unknown field "metadata.namspace"']);
  });

  test('a wrong type is an error; int-or-string and quantities take what Go decodes', () => {
    expect(v(deployment({}, { replicas: 'two' }))).toEqual(['error schema/type spec.replicas: Invalid value: "two": must be of type integer']);
    expect(v(deployment({ image: 7 }))).toEqual(['error schema/type spec.template.spec.containers[0].image: Invalid value: 7: must be of type string']);
    expect(v(deployment({ resources: { requests: { cpu: 0.5, memory: '64Mi' }, limits: { cpu: '1', memory: 1073741824 } } }))).toEqual([]);
    // apimachinery resource.ParseQuantity: "quantities must match the regular expression …"
    expect(v(deployment({ resources: { limits: { memory: '1Gb' } } }))).toEqual([
      expect.stringMatching(/^error schema\/pattern spec.template.spec.containers\[0\].resources.limits.memory: Invalid value: "1Gb": should match/),
    ]);
    expect(v(deployment({ resources: { limits: { memory: true } } }))).toEqual([
      'error schema/type spec.template.spec.containers[0].resources.limits.memory: Invalid value: true: must be of type string or number',
    ]);
    expect(v(service({ ports: [{ port: 80, targetPort: 'http' }, { port: 81, targetPort: 8081, name: 'b' }] }))).toEqual([]);
    expect(v(service({ ports: [{ port: 80, targetPort: [1] }] }))).toEqual(['error schema/type spec.ports[0].targetPort: Invalid value: [1]: must be an integer or a string']);
  });

  test('a value outside a set Go validation enforces is an error, as the API server words it', () => {
    expect(r.validate(service({ type: 'LoadBalancers' }))).toEqual([expect.objectContaining({
      severity: 'error',
      rule: 'schema/enum',
      field: 'spec.type',
      message: 'Unsupported value: "LoadBalancers"',
      hint: 'supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort" (or empty for the default)',
    })]);
    expect(v(service({ type: '' }))).toEqual([]);
    expect(v(service({ ipFamilyPolicy: '' }))).toEqual(['error schema/enum spec.ipFamilyPolicy: Unsupported value: ""']);
    expect(v(deployment({ imagePullPolicy: 'Sometimes' }))).toEqual(['error schema/enum spec.template.spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes"']);
    expect(v({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'rb', namespace: 'edge' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'r' }, subjects: [{ kind: 'Users', name: 'x' }] }))
      .toEqual(['error schema/enum subjects[0].kind: Unsupported value: "Users"']);
    expect(v(service({ ports: [{ port: 70000 }] }))).toEqual(['error schema/maximum spec.ports[0].port: Invalid value: 70000: must be <= 65535']);
  });

  test('required fields of the OpenAPI definitions are required', () => {
    expect(v({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'r' }, rules: [{ resources: ['pods'] }] }))
      .toEqual(['error schema/required rules[0].verbs: Required value']);
    expect(v(deployment({ name: undefined }))).toEqual(['error schema/required spec.template.spec.containers[0].name: Required value']);
  });

  test('objects as cdk8s-plus-28 emits them pass', () => {
    const chart = new cdk8s.Chart(new cdk8s.App(), 'c', { namespace: 'edge' });
    const sa = new kplus.ServiceAccount(chart, 'sa');
    const cm = new kplus.ConfigMap(chart, 'cm', { data: { a: 'b' }, binaryData: { bin: 'AAEC' } });
    const secret = new kplus.Secret(chart, 'secret', { stringData: { password: 'x' } });
    const d = new kplus.Deployment(chart, 'd', {
      serviceAccount: sa,
      containers: [{
        image: 'nginx',
        portNumber: 80,
        envVariables: { A: kplus.EnvValue.fromValue('1'), P: kplus.EnvValue.fromSecretValue({ secret, key: 'password' }) },
        resources: {
          cpu: { request: kplus.Cpu.millis(100), limit: kplus.Cpu.units(1) },
          memory: { request: cdk8s.Size.mebibytes(64), limit: cdk8s.Size.gibibytes(1) },
        },
        liveness: kplus.Probe.fromHttpGet('/healthz'),
        volumeMounts: [{ path: '/cfg', volume: kplus.Volume.fromConfigMap(chart, 'v', cm) }],
      }],
    });
    d.exposeViaService({ serviceType: kplus.ServiceType.LOAD_BALANCER });
    new kplus.DaemonSet(chart, 'ds', { containers: [{ image: 'busybox', securityContext: { ensureNonRoot: false } }], hostNetwork: true });
    new kplus.StatefulSet(chart, 'ss', { containers: [{ image: 'x', portNumber: 8080 }] });
    new kplus.Job(chart, 'j', { containers: [{ image: 'x' }], ttlAfterFinished: cdk8s.Duration.minutes(1) });
    new kplus.CronJob(chart, 'cj', { containers: [{ image: 'x' }], schedule: cdk8s.Cron.daily() });
    const role = new kplus.Role(chart, 'r');
    role.allowRead(kplus.ApiResource.PODS);
    role.bind(sa);
    const clusterRole = new kplus.ClusterRole(chart, 'cr');
    clusterRole.allowRead(kplus.ApiResource.NODES);
    clusterRole.bind(sa);
    new kplus.NetworkPolicy(chart, 'np');
    new kplus.Ingress(chart, 'ing', { defaultBackend: kplus.IngressBackend.fromService(new kplus.Service(chart, 'svc', { ports: [{ port: 80 }] })) });
    new kplus.HorizontalPodAutoscaler(chart, 'hpa', { target: d, maxReplicas: 5 });
    new kplus.PersistentVolumeClaim(chart, 'pvc', { storage: cdk8s.Size.gibibytes(1) });
    new kplus.Namespace(chart, 'ns');
    const objects = chart.toJson();
    expect(objects.map(o => o.kind)).toEqual(expect.arrayContaining(['Deployment', 'DaemonSet', 'StatefulSet', 'ServiceAccount', 'ConfigMap', 'Secret', 'Role', 'RoleBinding', 'ClusterRole', 'ClusterRoleBinding', 'HorizontalPodAutoscaler']));
    expect(objects.flatMap(o => v(o).map(f => `${o.kind}/${o.metadata.name} ${f}`))).toEqual([]);
  });

  test('ObjectMeta of every kind, CRDs included, is the OpenAPI definition', () => {
    const meta = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
    expect(r.ajvSchema('v1', 'ConfigMap').properties.metadata).toEqual({ $ref: `#/$defs/${meta}` });
    expect(r.ajvSchema('cluster.x-k8s.io/v1beta2', 'Cluster').$defs[meta]).toEqual(r.ajvSchema('v1', 'ConfigMap').$defs[meta]);
    const owner = { apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', name: 'c' };
    expect(v({ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3Cluster', metadata: { name: 'm', ownerReferences: [owner] }, spec: {} }))
      .toEqual(['error schema/required metadata.ownerReferences[0].uid: Required value']);
    // kubectl create --dry-run=client -o yaml writes creationTimestamp: null; Go decodes it to the zero time.
    expect(v({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', creationTimestamp: null } })).toEqual([]);
  });

  test('a CustomResourceDefinition is checked through its recursive schema, which is referenced, not expanded', () => {
    const props = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps';
    const schema = r.ajvSchema('apiextensions.k8s.io/v1', 'CustomResourceDefinition');
    expect(JSON.stringify(schema).split(`"$ref":"#/$defs/${props}"`).length - 1).toBeLessThan(20);
    const crd = (spec: object) => ({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: spec } } } }] },
    });
    expect(v(crd({ type: 'object', properties: { size: { type: 'integer', minimum: 1 }, $ref: { type: 'string' } } }))).toEqual([]);
    expect(v(crd({ type: 'object', properties: { size: { type: 'integer', minimun: 1 } } }))).toEqual([
      'error schema/unknown-field spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.size.minimun: unknown field "spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.size.minimun"',
    ]);
  });

  test('a version the pinned documents do not have, or a kind they do not define, is not checked (not wrong)', () => {
    // autoscaling/v1 is served by Kubernetes 1.28 but not pinned; batch/v1beta1 is not served, and still only "not checked".
    for (const [apiVersion, kind] of [['autoscaling/v1', 'HorizontalPodAutoscaler'], ['batch/v1beta1', 'CronJob'], ['v1', 'Widget']]) {
      expect(r.validate({ apiVersion, kind, metadata: { name: 'x' } })).toEqual([expect.objectContaining({ severity: 'warning', rule: 'schema/unknown-kind', message: `no schema for ${kind} in ${apiVersion}: not checked` })]);
    }
    expect(r.resolve('batch/v1beta1', 'CronJob')).toEqual({ status: 'unknown-kind' });
    expect(r.validate({ apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } })[0].hint)
      .toBe('the pinned Kubernetes v1.28.4 OpenAPI defines ControllerRevision, DaemonSet, Deployment, ReplicaSet, StatefulSet in apps; a server may serve more');
  });

  test('the OpenAPI documents are the only source: no hand-written field list remains', () => {
    expect(existsSync(join(packageRoot(), 'src', 'validate', 'core-schemas.ts'))).toBe(false);
    const bundle = JSON.parse(readFileSync(join(packageRoot(), 'imports', 'crd-schemas.json'), 'utf8'));
    const tag = readLock().openapi[0].upstream.tag;
    expect(bundle.builtins.source).toBe(`kubernetes/kubernetes@${tag}`);
    // No module of the validator states built-in fields (ObjectMeta was the last: it comes from the bundle too).
    const dir = join(packageRoot(), 'src', 'validate');
    const sources = readdirSync(dir).filter(f => f.endsWith('.ts')).map(f => readFileSync(join(dir, f), 'utf8'));
    expect(sources.filter(s => /generateName:\s*\{|ownerReferences:\s*\{/.test(s))).toEqual([]);
  });
});
