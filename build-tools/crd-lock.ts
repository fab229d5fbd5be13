// The pin file (imports/crds.lock.json) and the CRD cache: shared by the import task and the tests.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface UpstreamRef {
  readonly repo: string;
  readonly tag: string;
  readonly commit: string;
  readonly path: string;
}

export interface CrdPin {
  readonly file: string;
  readonly group: string;
  readonly kind: string;
  readonly plural: string;
  readonly scope: 'Namespaced' | 'Cluster';
  readonly servedVersions: string[];
  readonly targetVersion: string;
  readonly upstream: UpstreamRef;
  readonly url: string;
  readonly sha256: string;
  readonly bytes: number;
}

export interface SchemaPin {
  readonly name: string;
  readonly file: string;
  readonly upstream: UpstreamRef;
  readonly url: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** One CRD inside a multi-CRD file. */
export interface BundledCrd {
  readonly group: string;
  readonly kind: string;
  readonly plural: string;
  readonly scope: 'Namespaced' | 'Cluster';
  readonly servedVersions: string[];
}

/**
 * A file of one or more CRDs used for validation only (no typed L1 classes): the GitOps
 * engines' kinds (Flux, Argo CD, Fleet) that `synth --gitops` emits.
 */
export interface ValidationCrdPin {
  readonly file: string;
  readonly crds: BundledCrd[];
  readonly upstream: UpstreamRef;
  readonly url: string;
  readonly sha256: string;
  readonly bytes: number;
}

/**
 * One of the Kubernetes API's own OpenAPI v3 documents (`api/openapi-spec/v3/` at the release
 * tag): the schemas of the built-in kinds of one group/version.
 */
export interface OpenApiPin {
  /** `v1` for the core group, else `<group>/<version>`. */
  readonly groupVersion: string;
  readonly file: string;
  readonly upstream: UpstreamRef;
  readonly url: string;
  readonly sha256: string;
  readonly bytes: number;
}

export interface CrdLock {
  readonly crds: CrdPin[];
  readonly schemas: SchemaPin[];
  readonly validationCrds: ValidationCrdPin[];
  readonly openapi: OpenApiPin[];
}

/** Every pinned file, whatever its section. */
export function allPins(lock: CrdLock): Array<{ file: string; url: string; sha256: string; upstream: UpstreamRef }> {
  return [...lock.crds, ...lock.schemas, ...lock.validationCrds, ...lock.openapi];
}

export const PROJECT_ROOT = resolve(__dirname, '..');
export const LOCK_FILE = join(PROJECT_ROOT, 'imports', 'crds.lock.json');

export function readLock(file = LOCK_FILE): CrdLock {
  return JSON.parse(readFileSync(file, 'utf8')) as CrdLock;
}

/** The cache directory: CDK8S_CAPI_CRD_CACHE, else ../shared/crds beside the project. */
export function cacheDir(): string {
  const fromEnv = process.env.CDK8S_CAPI_CRD_CACHE;
  return fromEnv ? resolve(fromEnv) : resolve(PROJECT_ROOT, '..', 'shared', 'crds');
}

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

export class PinError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PinError';
  }
}

/**
 * Returns the bytes of a pinned file: from the cache when present, else downloaded from the
 * pinned URL and stored in the cache. Either way the sha256 must match the pin.
 */
export async function fetchPinned(pin: { file: string; url: string; sha256: string }, dir = cacheDir()): Promise<Buffer> {
  const path = join(dir, pin.file);
  if (existsSync(path)) {
    const data = readFileSync(path);
    const got = sha256(data);
    if (got !== pin.sha256) {
      throw new PinError(`${path}: sha256 ${got} does not match the pin ${pin.sha256} in imports/crds.lock.json. ` +
        'The cache holds a different upstream file: delete it to re-download, or update the pin deliberately.');
    }
    return data;
  }
  let data: Buffer;
  try {
    const res = await fetch(pin.url);
    if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
    data = Buffer.from(await res.arrayBuffer());
  } catch (e) {
    throw new PinError(`${pin.file} is not in the CRD cache ${dir} and could not be downloaded from ${pin.url}: ${(e as Error).message}. ` +
      'Set CDK8S_CAPI_CRD_CACHE to a directory holding the pinned files, or allow access to raw.githubusercontent.com.');
  }
  const got = sha256(data);
  if (got !== pin.sha256) {
    throw new PinError(`downloaded ${pin.url} has sha256 ${got}, but the pin says ${pin.sha256}. Refusing to use it.`);
  }
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  } catch {
    // A read-only cache still works for this run; the file is simply downloaded again next time.
  }
  return data;
}
