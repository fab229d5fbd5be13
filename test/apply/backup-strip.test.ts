// What a backup keeps of a live object, the restore order, file names, and reading a backup.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_FORMAT, BackupError, fileNameOf, readBackup, restoreOrder, writeBackup } from '../../src/apply/backup';
import { BMH_STATUS_ANNOTATION, ownerRefsOf, stripForBackup, withoutOwnerRefs } from '../../src/apply/backup-strip';
import { PAUSE_MARKER_ANNOTATION } from '../../src/apply/pause';

const server = { uid: 'u-1', resourceVersion: '42', generation: 3, creationTimestamp: '2026-01-01T00:00:00Z', managedFields: [{ manager: 'x' }], finalizers: ['f'] };

describe('stripForBackup', () => {
  test('drops server fields, finalizers, owner uids and status; keeps spec, labels and annotations', () => {
    const live = {
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Machine',
      metadata: {
        name: 'm',
        namespace: 'default',
        labels: { a: 'b' },
        annotations: { 'keep': 'me', 'kubectl.kubernetes.io/last-applied-configuration': '{}' },
        ...server,
        ownerReferences: [{ apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2', kind: 'RKE2ControlPlane', name: 'cp', uid: 'owner-uid', controller: true, blockOwnerDeletion: true }],
      },
      spec: { version: 'v1', bootstrap: { dataSecretName: 'm' } },
      status: { nodeRef: { name: 'n' } },
    };
    expect(stripForBackup(live)).toEqual({
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Machine',
      metadata: {
        name: 'm',
        namespace: 'default',
        labels: { a: 'b' },
        annotations: { keep: 'me' },
        ownerReferences: [{ apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2', kind: 'RKE2ControlPlane', name: 'cp', controller: true, blockOwnerDeletion: true }],
      },
      spec: { version: 'v1', bootstrap: { dataSecretName: 'm' } },
    });
    expect(live.metadata.uid).toBe('u-1'); // the input is not modified
  });

  test('a BareMetalHost keeps its status in the baremetalhost.metal3.io/status annotation', () => {
    const status = { provisioning: { state: 'provisioned', ID: 'x' }, poweredOn: true };
    const out = stripForBackup({ apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name: 'h', ...server }, spec: { online: true }, status });
    expect(out.status).toBeUndefined();
    expect(JSON.parse(out.metadata!.annotations![BMH_STATUS_ANNOTATION])).toEqual(status);
    // Other kinds never get it.
    expect(stripForBackup({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, status: { x: 1 } }).metadata!.annotations).toBeUndefined();
  });

  test('a pause one of our runs left behind is backed up as the value before it', () => {
    const paused = {
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Cluster',
      metadata: { name: 'c', annotations: { [PAUSE_MARKER_ANNOTATION]: JSON.stringify({ by: 'upgrade', previous: null }) } },
      spec: { paused: true },
    };
    const out = stripForBackup(paused);
    expect(out.spec).toEqual({});
    expect(out.metadata!.annotations).toBeUndefined();
    // A deliberate pause (no marker) is kept.
    expect(stripForBackup({ ...paused, metadata: { name: 'c' } }).spec).toEqual({ paused: true });
  });

  test('owner references are set aside for restore', () => {
    const o = stripForBackup({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', ownerReferences: [{ apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', name: 'h', uid: 'x' }] } });
    expect(ownerRefsOf(o)).toEqual([{ apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', name: 'h' }]);
    expect(withoutOwnerRefs(o).metadata).toEqual({ name: 's' });
  });
});

describe('restore order and files', () => {
  const obj = (apiVersion: string, kind: string, name: string) => ({ apiVersion, kind, metadata: { name, namespace: 'default' } });
  test('hosts and Secrets first, then the Cluster, then owners before what they own', () => {
    const order = restoreOrder([
      obj('cluster.x-k8s.io/v1beta2', 'Machine', 'm'), obj('infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3Machine', 'm'),
      obj('controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane', 'cp'), obj('cluster.x-k8s.io/v1beta2', 'Cluster', 'c'),
      obj('metal3.io/v1alpha1', 'BareMetalHost', 'h'), obj('v1', 'Secret', 's'), obj('anywhere.eks.amazonaws.com/v1alpha1', 'Cluster', 'e'),
      obj('anywhere.eks.amazonaws.com/v1alpha1', 'DockerDatacenterConfig', 'e'), obj('cluster.x-k8s.io/v1beta2', 'MachineSet', 'ms'),
    ]);
    expect(order.map(o => `${o.kind}/${o.metadata!.name}`)).toEqual([
      'Secret/s', 'BareMetalHost/h', 'DockerDatacenterConfig/e', 'Cluster/c', 'Cluster/e', 'RKE2ControlPlane/cp', 'MachineSet/ms', 'Machine/m', 'Metal3Machine/m',
    ]);
    expect(fileNameOf(order[0], 0)).toBe('001-secret-s.yaml');
  });

  test('a backup written and read back gives the same objects; a non-empty directory and a broken backup are refused', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'backup-')), 'b');
    const objects = [obj('v1', 'ConfigMap', 'a')];
    writeBackup(dir, { index: { format: BACKUP_FORMAT, cluster: 'c', namespace: 'default', files: ['001-configmap-a.yaml'], secrets: [] }, objects, warnings: [] });
    expect(readBackup(dir).objects).toEqual(objects);
    expect(() => writeBackup(dir, { index: { format: BACKUP_FORMAT, cluster: 'c', namespace: 'default', files: [], secrets: [] }, objects: [], warnings: [] }))
      .toThrow(/is not empty/);
    const empty = mkdtempSync(join(tmpdir(), 'backup-'));
    expect(() => readBackup(empty)).toThrow(BackupError);
    writeFileSync(join(empty, 'backup.json'), JSON.stringify({ format: 'other', files: [] }));
    expect(() => readBackup(empty)).toThrow(/unknown format "other"/);
    writeFileSync(join(empty, 'backup.json'), JSON.stringify({ format: BACKUP_FORMAT, cluster: 'c', namespace: 'default', files: ['001-x.yaml'], secrets: [] }));
    expect(() => readBackup(empty)).toThrow(/001-x.yaml is listed in backup.json but missing/);
    writeFileSync(join(empty, '001-x.yaml'), 'kind: ConfigMap\ndata: *nowhere\n');
    expect(() => readBackup(empty)).toThrow(BackupError);
    expect(() => readBackup(empty)).toThrow(/001-x.yaml: not a YAML object \(Unresolved alias/);
  });
});
