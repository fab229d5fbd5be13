// The namespace check before an apply: a few namespaces are read one by one, many with one
// LIST; where listing namespaces is forbidden it reads them one by one instead.
import { KubeApiError } from '../../src/apply/engine/kube-errors';
import { NAMESPACE_LIST_THRESHOLD, NamespaceReader, checkNamespaces } from '../../src/apply/namespaces';
import { KubeObject } from '../../src/core/kube-object';

/** A reader over a set of live namespaces that records its calls. */
function reader(live: Record<string, KubeObject['metadata']>, opts: { listForbidden?: boolean } = {}): NamespaceReader & { calls: string[] } {
  const ns = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, ...live[name] } });
  const calls: string[] = [];
  return {
    calls,
    get: async ref => {
      calls.push(`get ${ref.name}`);
      return ref.name in live ? ns(ref.name) : undefined;
    },
    list: async () => {
      calls.push('list');
      if (opts.listForbidden) throw new KubeApiError(403, 'namespaces is forbidden: User "ci" cannot list resource "namespaces" at the cluster scope', 'Forbidden');
      return { items: Object.keys(live).map(ns) };
    },
  };
}

const cm = (namespace: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace } });
const namespaced = () => true;
const many = Array.from({ length: NAMESPACE_LIST_THRESHOLD + 1 }, (_, i) => `site-${i}`);

test('a few namespaces: one GET each', async () => {
  const kube = reader({ 'site-0': {} });
  const r = await checkNamespaces(kube, [cm('site-0'), cm('site-1')], namespaced);
  expect(kube.calls).toEqual(['get site-0', 'get site-1']);
  expect(r.problems).toEqual([{ namespace: 'site-1', problem: 'missing', neededBy: ['ConfigMap site-1/c'] }]);
});

test('many namespaces: one LIST, the same findings (missing, terminating, created by the input)', async () => {
  const live = { 'site-0': {}, 'site-1': { deletionTimestamp: '2025-01-01T00:00:00Z' } };
  const input = [...many.map(cm), { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'site-2' } }];
  const listed = reader(live);
  const r = await checkNamespaces(listed, input, o => o.kind !== 'Namespace');
  expect(listed.calls).toEqual(['list']);
  expect(r.problems.map(p => `${p.namespace} ${p.problem}`)).toEqual(['site-1 terminating', ...many.slice(3).map(n => `${n} missing`)]);
  expect(r.created).toEqual(['site-2']);
  const one = reader(live);
  const { list: _, ...getOnly } = one;
  expect(await checkNamespaces(getOnly, input, o => o.kind !== 'Namespace')).toEqual(r);
});

test('listing forbidden: falls back to one GET each', async () => {
  const kube = reader({ 'site-0': {} }, { listForbidden: true });
  const r = await checkNamespaces(kube, many.map(cm), namespaced);
  expect(kube.calls).toEqual(['list', ...many.map(n => `get ${n}`)]);
  expect(r.problems.map(p => p.namespace)).toEqual(many.slice(1));
});

test('any other failure of the LIST is the run\'s error', async () => {
  const kube = reader({});
  kube.list = async () => {
    throw new KubeApiError(500, 'etcd is down', 'InternalError');
  };
  await expect(checkNamespaces(kube, many.map(cm), namespaced)).rejects.toThrow('etcd is down');
});
