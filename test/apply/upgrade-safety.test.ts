// upgrade and restore refuse, before anything is changed: unresolved placeholders, a missing
// namespace, a journal that is a symbolic link. In process (engine-kube.ts).
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { EngineKube } from './engine-kube';
import { BACKUP_FORMAT, BACKUP_INDEX } from '../../src/apply/backup';
import { RunError } from '../../src/apply/engine/run-error';
import { restoreBackup } from '../../src/apply/restore-backup';
import { Upgrader } from '../../src/apply/upgrader';
import { UnsafePathError } from '../../src/core/atomic-write';
import { KubeObject } from '../../src/core/kube-object';
import { Simulator } from '../../src/sim/simulator';

const REFERENCE = join(__dirname, '..', '..', 'dist', 'reference-multinode', 'multinode-cluster.k8s.yaml');
const reference = (): KubeObject[] => parseAllDocuments(readFileSync(REFERENCE, 'utf8')).map(d => d.toJS());
const BMC = Object.fromEntries([1, 2, 3].flatMap(n => [[`BMC_NODE${n}_USERNAME`, `u${n}-Xy`], [`BMC_NODE${n}_PASSWORD`, `p${n}-Xy!`]]));

let sim: Simulator;
let kube: EngineKube;
let dir: string;
beforeEach(() => {
  sim = new Simulator({ speed: 1000, seed: 2 });
  kube = new EngineKube(sim);
  dir = mkdtempSync(join(tmpdir(), 'upgrade-safety-'));
});
afterEach(() => sim.stop());

test('upgrade: fails for an unset variable, naming it, before any request', async () => {
  const { BMC_NODE3_USERNAME: _, ...partial } = BMC;
  const up = new Upgrader(kube, { variables: partial, journalPath: join(dir, 'journal.json') }).upgrade(reference());
  await expect(up).rejects.toThrow(RunError);
  await expect(new Upgrader(kube, { variables: partial }).upgrade(reference())).rejects.toThrow(/variable not set: BMC_NODE3_USERNAME\n {2}Secret default\/node3-example-credentials stringData.username/);
  expect(kube.writes).toEqual([]);
});

test('upgrade: fails for a missing namespace before anything is changed', async () => {
  const moved = reference().map(o => ({ ...o, metadata: { ...o.metadata, namespace: 'site-7' } }));
  await expect(new Upgrader(kube, { variables: BMC, journalPath: join(dir, 'journal.json') }).upgrade(moved))
    .rejects.toThrow(/^nothing was changed: namespace site-7 does not exist and is not in the manifests; needed by Secret site-7\/node1-example-credentials/);
  expect(kube.writes).toEqual([]);
});

test('upgrade: fails for a journal that is a symbolic link before anything is changed, and leaves the target alone', async () => {
  const victim = join(dir, 'victim');
  writeFileSync(victim, 'precious');
  symlinkSync(victim, join(dir, 'journal.json'));
  await expect(new Upgrader(kube, { variables: BMC, journalPath: join(dir, 'journal.json') }).upgrade(reference())).rejects.toThrow(UnsafePathError);
  expect(kube.writes).toEqual([]);
  expect(readFileSync(victim, 'utf8')).toBe('precious');
});

test('restore: fails for a placeholder and for a missing namespace before anything is created', async () => {
  const write = (objects: KubeObject[]) => {
    const d = mkdtempSync(join(tmpdir(), 'restore-safety-'));
    const files = objects.map((_, i) => `${String(i).padStart(3, '0')}.yaml`);
    objects.forEach((o, i) => writeFileSync(join(d, files[i]), JSON.stringify(o)));
    writeFileSync(join(d, BACKUP_INDEX), JSON.stringify({ format: BACKUP_FORMAT, cluster: 'c', namespace: 'default', files, secrets: [] }));
    return d;
  };
  const secret = (ns: string, pw: string): KubeObject => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: ns }, stringData: { password: pw } } as KubeObject);
  await expect(restoreBackup(kube, write([secret('default', '${RESTORE_PW}')]), { journalPath: join(dir, 'j.json') }))
    .rejects.toThrow(/^unresolved placeholders, nothing was restored: variable not set: RESTORE_PW/);
  await expect(restoreBackup(kube, write([secret('gone', 'x')]), { journalPath: join(dir, 'j.json') }))
    .rejects.toThrow('nothing was restored: namespace gone does not exist and is not in the manifests; needed by Secret gone/s');
  expect(kube.writes).toEqual([]);
});
