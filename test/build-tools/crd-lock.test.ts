import { mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PinError, allPins, cacheDir, fetchPinned, readLock, sha256 } from '../../build-tools/crd-lock';
import { stripSchema } from '../../build-tools/strip-schema';

const BODY = 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n';

describe('pinned CRD fetch', () => {
  let server: Server;
  let base: string;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/good.yaml' || req.url === '/tampered.yaml') {
        res.end(req.url === '/good.yaml' ? BODY : `${BODY}# changed\n`);
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>(r => server.close(() => r())));

  const tmp = () => mkdtempSync(join(tmpdir(), 'crd-cache-'));

  test('reads from the cache when the sha256 matches, without downloading', async () => {
    const dir = tmp();
    mkdirSync(join(dir, 'x'));
    writeFileSync(join(dir, 'x', 'a.yaml'), BODY);
    const before = hits;
    const data = await fetchPinned({ file: 'x/a.yaml', url: `${base}/good.yaml`, sha256: sha256(BODY) }, dir);
    expect(data.toString()).toBe(BODY);
    expect(hits).toBe(before);
  });

  test('a cached file with another sha256 is a hard error', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'a.yaml'), `${BODY}# local edit\n`);
    await expect(fetchPinned({ file: 'a.yaml', url: `${base}/good.yaml`, sha256: sha256(BODY) }, dir)).rejects.toThrow(/does not match the pin/);
  });

  test('downloads a missing file from the pinned URL, verifies it and stores it in the cache', async () => {
    const dir = tmp();
    const data = await fetchPinned({ file: 'sub/a.yaml', url: `${base}/good.yaml`, sha256: sha256(BODY) }, dir);
    expect(data.toString()).toBe(BODY);
    expect(readFileSync(join(dir, 'sub', 'a.yaml'), 'utf8')).toBe(BODY);
  });

  test('a download whose sha256 differs from the pin is refused and not cached', async () => {
    const dir = tmp();
    await expect(fetchPinned({ file: 'a.yaml', url: `${base}/tampered.yaml`, sha256: sha256(BODY) }, dir)).rejects.toThrow(PinError);
    expect(existsSync(join(dir, 'a.yaml'))).toBe(false);
  });

  test('a failed download says how to fix it', async () => {
    await expect(fetchPinned({ file: 'a.yaml', url: `${base}/missing.yaml`, sha256: sha256(BODY) }, tmp()))
      .rejects.toThrow(/could not be downloaded from .*HTTP 404.*CDK8S_CAPI_CRD_CACHE/);
  });
});

describe('imports/crds.lock.json', () => {
  const lock = readLock();

  test('pins every upstream file of the CRD cache, with matching sha256', () => {
    const dir = cacheDir();
    const onDisk = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter(d => d.isFile() && /\.(ya?ml|json)$/.test(d.name))
      .map(d => relative(dir, join(d.parentPath, d.name))).sort();
    const pinned = allPins(lock).map(p => p.file).sort();
    expect(pinned).toEqual(onDisk);
    for (const p of allPins(lock)) {
      expect(sha256(readFileSync(join(dir, p.file)))).toBe(p.sha256);
    }
  });

  test('every pin names a release-tag URL and a served target version', () => {
    for (const p of allPins(lock)) {
      expect(p.url).toBe(`https://raw.githubusercontent.com/${p.upstream.repo}/${p.upstream.tag}/${p.upstream.path}`);
    }
    for (const p of lock.crds) expect(p.servedVersions).toContain(p.targetVersion);
    const byKind = Object.fromEntries(lock.crds.map(p => [`${p.group}/${p.kind}`, p.targetVersion]));
    expect(byKind['cluster.x-k8s.io/Cluster']).toBe('v1beta2');
    expect(byKind['controlplane.cluster.x-k8s.io/RKE2ControlPlane']).toBe('v1beta2');
    expect(byKind['infrastructure.cluster.x-k8s.io/Metal3MachineTemplate']).toBe('v1beta2');
    expect(byKind['metal3.io/BareMetalHost']).toBe('v1alpha1');
  });

  test('the GitOps engines\' CRDs are pinned for validation and land in the schema bundle', () => {
    const kinds = lock.validationCrds.flatMap(p => p.crds.map(c => `${c.group}/${c.kind}`));
    expect(kinds).toEqual(expect.arrayContaining([
      'kustomize.toolkit.fluxcd.io/Kustomization', 'source.toolkit.fluxcd.io/GitRepository',
      'argoproj.io/Application', 'argoproj.io/ApplicationSet', 'fleet.cattle.io/GitRepo', 'fleet.cattle.io/Bundle',
    ]));
    const bundle = JSON.parse(readFileSync(join(__dirname, '..', '..', 'imports', 'crd-schemas.json'), 'utf8'));
    const bundled = new Set(bundle.crds.map((c: any) => `${c.group}/${c.kind}`));
    for (const k of kinds) expect(bundled.has(k)).toBe(true);
    // Validation only: no typed classes for these kinds (their group may have typed kinds of ours).
    const typed = new Set(lock.crds.map(p => p.group));
    for (const c of lock.validationCrds.flatMap(p => p.crds)) {
      const file = join(__dirname, '..', '..', 'imports', `${c.group}.ts`);
      if (!typed.has(c.group)) expect(existsSync(file)).toBe(false);
      else expect(readFileSync(file, 'utf8')).not.toMatch(new RegExp(`^export class ${c.kind} extends`, 'm'));
    }
  });

  test('every CRD the pinned releases install is pinned, once', () => {
    const kinds = [...lock.crds.map(p => `${p.group}/${p.kind}`), ...lock.validationCrds.flatMap(p => p.crds.map(c => `${c.group}/${c.kind}`))];
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toEqual(expect.arrayContaining([
      'controlplane.cluster.x-k8s.io/KubeadmControlPlane', 'bootstrap.cluster.x-k8s.io/KubeadmConfigTemplate',
      'cluster.x-k8s.io/MachinePool', 'cluster.x-k8s.io/MachineDrainRule', 'addons.cluster.x-k8s.io/ClusterResourceSet',
      'ipam.cluster.x-k8s.io/IPAddressClaim', 'runtime.cluster.x-k8s.io/ExtensionConfig',
      'infrastructure.cluster.x-k8s.io/Metal3RemediationTemplate', 'metal3.io/HardwareData', 'metal3.io/HostFirmwareComponents',
      'ipam.metal3.io/IPClaim', 'metallb.io/ServiceL2Status', 'anywhere.eks.amazonaws.com/SnowIPPool', 'tinkerbell.org/Workflow',
      'external-secrets.io/ExternalSecret', 'bitnami.com/SealedSecret',
    ]));
  });

  test('the Kubernetes API\'s own OpenAPI documents are pinned, one per group/version', () => {
    const gvs = lock.openapi.map(p => p.groupVersion);
    expect(new Set(gvs).size).toBe(gvs.length);
    expect(gvs).toEqual(expect.arrayContaining(['v1', 'apps/v1', 'rbac.authorization.k8s.io/v1', 'batch/v1']));
    for (const p of lock.openapi) {
      expect(p.upstream).toMatchObject({ repo: 'kubernetes/kubernetes', tag: 'v1.28.4' });
      expect(p.file.endsWith(p.upstream.path.replace('api/openapi-spec/v3/', ''))).toBe(true);
    }
  });

  test('generated imports exist for every group and are not tracked by git', () => {
    const groups = [...new Set(lock.crds.map(p => p.group))];
    for (const g of groups) expect(existsSync(join(__dirname, '..', '..', 'imports', `${g}.ts`))).toBe(true);
    const gitignore = readFileSync(join(__dirname, '..', '..', '.gitignore'), 'utf8');
    expect(gitignore).toMatch(/^\/imports\/\*$/m);
  });
});

describe('stripSchema', () => {
  test('drops descriptions of schema nodes but keeps a property named description', () => {
    const s = stripSchema({
      description: 'root',
      type: 'object',
      properties: {
        description: { type: 'string', description: 'the field' },
        list: { type: 'array', items: { description: 'x', type: 'object', properties: { a: { description: 'y', type: 'string' } } } },
        map: { type: 'object', additionalProperties: { description: 'z', type: 'string' } },
        either: { anyOf: [{ description: 'i', type: 'integer' }, { type: 'string' }] },
      },
    });
    expect(s).toEqual({
      type: 'object',
      properties: {
        description: { type: 'string' },
        list: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
        map: { type: 'object', additionalProperties: { type: 'string' } },
        either: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      },
    });
  });
});
