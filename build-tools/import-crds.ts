// `projen import`: verify the pinned upstream CRDs, then generate
//   imports/<group>.ts       typed L1 classes (cdk8s import), one file per API group
//   imports/crd-schemas.json every served version's openAPIV3Schema, and the built-in kinds of
//                            the pinned Kubernetes OpenAPI documents, for in-process validation
// Incremental: skipped when the pins, this script and the cdk8s-cli version are unchanged.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { applyValueSets } from './builtin-value-sets';
import { CrdPin, LOCK_FILE, PROJECT_ROOT, PinError, ValidationCrdPin, cacheDir, fetchPinned, readLock, sha256 } from './crd-lock';
import { OpenApiError, builtinSection } from './openapi-kinds';
import { stripSchema } from './strip-schema';

const IMPORTS = join(PROJECT_ROOT, 'imports');
const WORK = join(PROJECT_ROOT, '.cdk8s-capi', 'import-input');
const STAMP = join(IMPORTS, '.stamp');
const SCHEMA_BUNDLE = join(IMPORTS, 'crd-schemas.json');

function stampKey(): string {
  const cli = JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules', 'cdk8s-cli', 'package.json'), 'utf8')).version;
  return sha256([
    readFileSync(LOCK_FILE, 'utf8'),
    readFileSync(__filename, 'utf8'),
    readFileSync(join(__dirname, 'strip-schema.ts'), 'utf8'),
    readFileSync(join(__dirname, 'openapi-kinds.ts'), 'utf8'),
    readFileSync(join(__dirname, 'builtin-value-sets.ts'), 'utf8'),
    cli,
  ].join('\0'));
}

interface CrdDoc {
  spec: {
    group: string;
    names: { kind: string; plural: string };
    scope: string;
    versions: Array<{
      name: string;
      served: boolean;
      storage: boolean;
      deprecated?: boolean;
      schema?: { openAPIV3Schema?: any };
      subresources?: any;
    }>;
  };
  [k: string]: any;
}

function parseCrd(pin: CrdPin, data: Buffer): CrdDoc {
  const docs = parseAllDocuments(data.toString('utf8')).map(d => d.toJS()).filter(Boolean);
  const crd = docs.find((d: any) => d.kind === 'CustomResourceDefinition') as CrdDoc | undefined;
  if (!crd || crd.spec.names.kind !== pin.kind || crd.spec.group !== pin.group) {
    throw new PinError(`${pin.file}: expected the CRD ${pin.group}/${pin.kind}`);
  }
  return crd;
}

/** The CRD reduced to what `cdk8s import` needs: the target version, no descriptions, no status. */
function importInput(pin: CrdPin, crd: CrdDoc): object {
  const version = crd.spec.versions.find(v => v.name === pin.targetVersion);
  if (!version) throw new PinError(`${pin.file}: target version ${pin.targetVersion} is not in the CRD`);
  const schema = stripSchema(version.schema?.openAPIV3Schema ?? {});
  if (schema.properties) delete schema.properties.status;
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${crd.spec.names.plural}.${crd.spec.group}` },
    spec: {
      group: crd.spec.group,
      names: crd.spec.names,
      scope: crd.spec.scope,
      versions: [{ name: version.name, served: true, storage: true, schema: { openAPIV3Schema: schema } }],
    },
  };
}

/** Every CRD of a validation-only file; the file must hold exactly the kinds its pin lists. */
function parseValidationCrds(pin: ValidationCrdPin, data: Buffer): Array<{ pin: Pick<CrdPin, 'group' | 'kind' | 'plural' | 'scope' | 'upstream'>; crd: CrdDoc }> {
  const docs = parseAllDocuments(data.toString('utf8')).map(d => d.toJS()).filter((d: any) => d?.kind === 'CustomResourceDefinition') as CrdDoc[];
  const found = docs.map(d => `${d.spec.group}/${d.spec.names.kind}`).sort();
  const pinned = pin.crds.map(c => `${c.group}/${c.kind}`).sort();
  if (found.join() !== pinned.join()) throw new PinError(`${pin.file}: holds ${found.join(', ')}; the pin lists ${pinned.join(', ')}`);
  return pin.crds.map(c => ({
    pin: { ...c, upstream: pin.upstream },
    crd: docs.find(d => d.spec.group === c.group && d.spec.names.kind === c.kind)!,
  }));
}

function bundleEntry(pin: Pick<CrdPin, 'group' | 'kind' | 'plural' | 'scope' | 'upstream'>, crd: CrdDoc): object {
  return {
    group: pin.group,
    kind: pin.kind,
    plural: pin.plural,
    scope: pin.scope,
    source: `${pin.upstream.repo}@${pin.upstream.tag}`,
    versions: crd.spec.versions.filter(v => v.served).map(v => ({
      name: v.name,
      storage: v.storage,
      deprecated: v.deprecated ?? false,
      subresources: v.subresources ?? {},
      schema: stripSchema(v.schema?.openAPIV3Schema ?? {}),
    })),
  };
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  const key = stampKey();
  if (!force && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === key && existsSync(SCHEMA_BUNDLE)) {
    console.log('imports/ is up to date with imports/crds.lock.json');
    return;
  }
  const lock = readLock();
  const dir = cacheDir();
  console.log(`verifying ${lock.crds.length} CRDs, ${lock.validationCrds.length} validation-only CRD files, ${lock.schemas.length} schemas and ${lock.openapi.length} Kubernetes OpenAPI documents against their pins (cache: ${dir})`);

  const byGroup = new Map<string, object[]>();
  const bundle: object[] = [];
  for (const pin of lock.crds) {
    const crd = parseCrd(pin, await fetchPinned(pin, dir));
    bundle.push(bundleEntry(pin, crd));
    const docs = byGroup.get(pin.group) ?? [];
    docs.push(importInput(pin, crd));
    byGroup.set(pin.group, docs);
  }
  for (const pin of lock.validationCrds) {
    for (const { pin: p, crd } of parseValidationCrds(pin, await fetchPinned(pin, dir))) bundle.push(bundleEntry(p, crd));
  }
  const extraSchemas: Record<string, unknown> = {};
  for (const pin of lock.schemas) {
    extraSchemas[pin.name] = JSON.parse((await fetchPinned(pin, dir)).toString('utf8'));
  }
  const documents = [];
  for (const pin of lock.openapi) documents.push({ groupVersion: pin.groupVersion, file: pin.file, doc: JSON.parse((await fetchPinned(pin, dir)).toString('utf8')) });
  const tags = [...new Set(lock.openapi.map(p => `${p.upstream.repo}@${p.upstream.tag}`))];
  if (tags.length !== 1) throw new PinError(`the Kubernetes OpenAPI documents must come from one release; the lock has ${tags.join(', ')}`);
  const builtins = builtinSection(documents, tags[0]);
  applyValueSets(builtins.definitions);

  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  mkdirSync(IMPORTS, { recursive: true });
  // Same-group CRDs must go through one cdk8s import run, or each run overwrites the group's file.
  const groups = [...byGroup.keys()].sort();
  for (const group of groups) {
    const input = join(WORK, `${group}.yaml`);
    writeFileSync(input, byGroup.get(group)!.map(d => stringify(d)).join('---\n'));
    execFileSync(join(PROJECT_ROOT, 'node_modules', '.bin', 'cdk8s'),
      ['import', input, '--output', IMPORTS, '--language', 'typescript', '--no-save'],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, CDK8S_CHECK_UPGRADE: 'false' } });
    console.log(`  imports/${group}.ts (${byGroup.get(group)!.length} kinds)`);
  }
  writeFileSync(SCHEMA_BUNDLE, JSON.stringify({ crds: bundle, schemas: extraSchemas, builtins }));
  writeFileSync(STAMP, key);
  console.log(`imports/crd-schemas.json: ${bundle.length} CRDs (${bundle.length - lock.crds.length} for validation only), ` +
    `${builtins.kinds.length} built-in kinds of ${tags[0]} (${Object.keys(builtins.definitions).length} definitions)`);
}

main().catch(e => {
  console.error(`import failed: ${e instanceof PinError || e instanceof OpenApiError ? e.message : e.stack ?? e}`);
  process.exit(1);
});
