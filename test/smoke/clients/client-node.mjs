// Drives the simulator with @kubernetes/client-node 1.4 (ESM-only, so it runs as a plain
// Node ESM child process of the jest test). Usage: node client-node.mjs <scenario> <kubeconfig>
// Prints one JSON line with what it observed; the jest test asserts on it.
import * as k8s from '@kubernetes/client-node';

const [, , scenario, kubeconfig] = process.argv;
const kc = new k8s.KubeConfig();
kc.loadFromFile(kubeconfig);
const objects = k8s.KubernetesObjectApi.makeApiClient(kc);
const sleep = ms => new Promise(r => setTimeout(r, ms));

async function failure(p) {
  try {
    await p;
    return { ok: true };
  } catch (e) {
    const body = typeof e.body === 'string' ? JSON.parse(e.body) : e.body;
    return { code: e.code, body };
  }
}

const cm = (name, data, labels) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default', ...(labels ? { labels } : {}) }, data });
const apply = (obj, manager, force = false) => objects.patch(obj, undefined, undefined, manager, force, k8s.PatchStrategy.ServerSideApply);

async function crud() {
  const out = {};
  await apply({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'n1-bmc', namespace: 'default' }, stringData: { username: 'u', password: 'p' } }, 'applier');
  const bmh = await apply({
    apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost',
    metadata: { name: 'n1', namespace: 'default', labels: { 'cluster-role': 'control-plane' } },
    spec: { online: true, bmc: { address: 'redfish://10.0.0.1/redfish/v1/Systems/1', credentialsName: 'n1-bmc' } },
  }, 'applier');
  out.applied = { generation: bmh.metadata.generation, managers: bmh.metadata.managedFields.map(m => `${m.manager}/${m.operation}`), defaulted: bmh.spec.automatedCleaningMode };
  const listed = await objects.list('metal3.io/v1alpha1', 'BareMetalHost', 'default', undefined, undefined, undefined, undefined, 'cluster-role in (control-plane,worker)');
  out.listed = listed.items.map(i => i.metadata.name);

  await apply(cm('cfg', { a: '1' }), 'applier');
  await objects.patch(cm('cfg', { a: 'edited' }), undefined, undefined, 'editor', undefined, k8s.PatchStrategy.MergePatch);
  const conflict = await failure(apply(cm('cfg', { a: '1' }), 'applier'));
  out.conflict = { code: conflict.code, reason: conflict.body?.reason, message: conflict.body?.message, fields: conflict.body?.details?.causes?.map(c => c.field) };
  const forced = await apply(cm('cfg', { a: '1' }), 'applier', true);
  out.forced = forced.data;

  const invalid = await failure(objects.create({ apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name: 'bad', namespace: 'default' }, spec: {} }));
  out.invalid = { code: invalid.code, reason: invalid.body?.reason, causes: invalid.body?.details?.causes };

  const missing = await failure(objects.read({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'nope', namespace: 'default' } }));
  out.missing = { code: missing.code, reason: missing.body?.reason, message: missing.body?.message };

  await objects.delete(cm('cfg'));
  const gone = await failure(objects.read(cm('cfg')));
  out.deleted = gone.code;
  return out;
}

async function watch() {
  const out = {};
  const core = kc.makeApiClient(k8s.CoreV1Api);
  // Push the server's (small) watch history past the start.
  for (let i = 0; i < 8; i++) await core.createNamespacedConfigMap({ namespace: 'default', body: cm(`filler-${i}`, { i: String(i) }) });

  // A raw watch from a compacted resourceVersion: one ERROR 410 event, then the stream ends.
  const w = new k8s.Watch(kc);
  out.stale = await new Promise(resolve => {
    const seen = [];
    w.watch('/api/v1/namespaces/default/configmaps', { resourceVersion: '2' },
      (type, obj) => seen.push({ type, code: obj?.code, reason: obj?.reason }),
      err => resolve({ events: seen, doneError: err ? String(err) : null }));
  });

  // Bookmarks when asked for.
  out.bookmark = await new Promise(resolve => {
    let req;
    const timer = setTimeout(() => { req?.abort(); resolve(false); }, 3000);
    w.watch('/api/v1/namespaces/default/configmaps', { allowWatchBookmarks: true, resourceVersion: '0' }, (type, obj) => {
      if (type === 'BOOKMARK' && obj?.metadata?.resourceVersion) {
        clearTimeout(timer);
        req?.abort();
        resolve(true);
      }
    }, () => undefined).then(r => (req = r));
  });

  // An informer (ListWatch) whose watch is dropped and whose resourceVersion expired meanwhile
  // must re-list and keep delivering.
  let listCalls = 0;
  const listFn = () => {
    listCalls++;
    return core.listNamespacedConfigMap({ namespace: 'default', labelSelector: 'app=watched' });
  };
  const informer = k8s.makeInformer(kc, '/api/v1/namespaces/default/configmaps', listFn, 'app=watched');
  const added = [];
  const errors = [];
  informer.on('add', o => added.push(o.metadata.name));
  informer.on('error', e => errors.push(String(e)));
  await informer.start();
  for (let i = 0; i < 8; i++) await core.createNamespacedConfigMap({ namespace: 'default', body: cm(`noise-${i}`, {}) });
  await sleep(1500);
  await core.createNamespacedConfigMap({ namespace: 'default', body: cm('wanted', {}, { app: 'watched' }) });
  for (let i = 0; i < 50 && !added.includes('wanted'); i++) await sleep(100);
  // Snapshot before stop(): stopping aborts the in-flight watch, which the informer reports as an error.
  out.informer = { listCalls, added: [...added], errors: [...errors] };
  await informer.stop();
  return out;
}

const scenarios = { crud, watch };
try {
  const result = await scenarios[scenario]();
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} catch (e) {
  process.stdout.write(`${JSON.stringify({ crashed: String(e?.stack ?? e) })}\n`);
  process.exit(1);
}
