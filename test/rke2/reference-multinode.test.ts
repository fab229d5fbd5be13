// dist/reference-multinode equals the reference chapter's objects field for field, except the
// corrections listed in README.md ("Corrections to the reference chapter"), applied here to
// the chapter's own objects as C1…C8.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { KubeObject } from '../../src/core/kube-object';
import { parseButane } from '../../src/validate/butane/parse';
import { validateObjects } from '../../src/validate/validate';
import { chapterObjects, inlineFiles } from '../reference/chapter';

const DIST = join(__dirname, '..', '..', 'dist', 'reference-multinode', 'multinode-cluster.k8s.yaml');
const ours: KubeObject[] = parseAllDocuments(readFileSync(DIST, 'utf8')).map(d => d.toJS());
const chapter = chapterObjects();

const clone = <T>(o: T): T => JSON.parse(JSON.stringify(o));
const CONFIG = ['spec', 'agentConfig', 'additionalUserData', 'config'];
const WORKER_CONFIG = ['spec', 'template', 'spec', 'agentConfig', 'additionalUserData', 'config'];

function at(o: any, path: string[]): any {
  return path.reduce((c, p) => c?.[p], o);
}
function drop(o: any, path: string[]): void {
  delete at(o, path.slice(0, -1))[path[path.length - 1]];
}

/** Our name for a chapter name: templates carry `-<8 hex>` (C3). */
function ourName(kind: string, name: string): string {
  const hit = ours.find(o => o.kind === kind && (o.metadata!.name === name || new RegExp(`^${name}-[0-9a-f]{8}$`).test(o.metadata!.name!)));
  if (!hit) throw new Error(`no ${kind} for chapter ${name}`);
  return hit.metadata!.name!;
}

function corrected(ch: KubeObject): KubeObject {
  const o = clone(ch);
  // C3: template names carry a content hash; references follow.
  if (['Metal3MachineTemplate', 'Metal3DataTemplate', 'RKE2ConfigTemplate'].includes(o.kind!)) o.metadata!.name = ourName(o.kind!, o.metadata!.name!);
  const dt = at(o, ['spec', 'template', 'spec', 'dataTemplate']);
  if (o.kind === 'Metal3MachineTemplate' && dt) dt.name = ourName('Metal3DataTemplate', dt.name);
  switch (o.kind) {
    case 'Secret':
      // C1: the chapter puts unencoded ${VARS} in `data` (must be base64): they go to stringData.
      o.metadata!.namespace = 'default';
      o.stringData = o.data;
      delete o.data;
      break;
    case 'BareMetalHost':
      o.metadata!.namespace = 'default';
      break;
    case 'RKE2ControlPlane': {
      // C2: v1beta2 moved spec.infrastructureRef under spec.machineTemplate.spec.
      const ref = o.spec.infrastructureRef;
      delete o.spec.infrastructureRef;
      o.spec.machineTemplate = { spec: { infrastructureRef: { ...ref, name: ourName('Metal3MachineTemplate', ref.name) } } };
      // C4: a TLS SAN is a name, not a URL; sslip.io writes IPv6 with dashes.
      o.spec.serverConfig.tlsSan = o.spec.serverConfig.tlsSan.map((s: string) => s.replace(/^https:\/\//, '')
        .replace(/^([0-9a-f:]+)\.sslip\.io$/, (_m: string, ip: string) => `${ip.replace(/:/g, '-')}.sslip.io`));
      break;
    }
    case 'MachineDeployment': {
      const t = o.spec.template.spec;
      t.bootstrap.configRef.name = ourName('RKE2ConfigTemplate', t.bootstrap.configRef.name);
      t.infrastructureRef.name = ourName('Metal3MachineTemplate', t.infrastructureRef.name);
      // C6: three hosts, all control-plane: no worker can be provisioned until worker hosts are enrolled.
      o.spec.replicas = 0;
      // C7: bare metal has no spare host for CAPI's default maxSurge 1.
      o.spec.rollout = { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } } };
      break;
    }
  }
  return o;
}

function unitContents(config: string): string[] {
  // Comments are our own wording (C8); the directives are the chapter's.
  return parseButane(config).model!.units.map(u => (u.contents ?? '').split('\n').filter(l => !l.startsWith('#')).join('\n'));
}

/** Inline manifests with Helm values compared as data (the chapter's carry comments). */
function manifests(config: string): Record<string, KubeObject[]> {
  const out: Record<string, KubeObject[]> = {};
  for (const [path, objects] of inlineFiles(config)) {
    out[path] = objects.map(o => (o.spec?.valuesContent ? { ...o, spec: { ...o.spec, valuesContent: parse(o.spec.valuesContent) } } : o));
  }
  return out;
}

describe('reference multinode example vs the chapter', () => {
  test('every chapter object has its counterpart, equal after the documented corrections', () => {
    for (const ch of chapter) {
      const name = ['Metal3MachineTemplate', 'Metal3DataTemplate', 'RKE2ConfigTemplate'].includes(ch.kind!) ? ourName(ch.kind!, ch.metadata!.name!) : ch.metadata!.name;
      const mine = ours.find(o => o.kind === ch.kind && o.metadata!.name === name);
      expect(mine).toBeDefined();
      const a = clone(mine!);
      const b = corrected(ch);
      // The Butane configs are compared below, semantically (C5).
      for (const p of [CONFIG, WORKER_CONFIG]) {
        if (at(a, p) !== undefined) drop(a, p);
        if (at(b, p) !== undefined) drop(b, p);
      }
      expect({ kind: ch.kind, ...a }).toEqual({ kind: ch.kind, ...b });
    }
  });

  test('our objects are the chapter\'s (three hosts instead of one shown), nothing more', () => {
    const inChapter = (o: KubeObject) => chapter.some(ch => ch.kind === o.kind
      && (ch.metadata!.name === o.metadata!.name || ourName(ch.kind!, ch.metadata!.name!) === o.metadata!.name));
    const extra = ours.filter(o => !inChapter(o));
    expect(extra.map(o => `${o.kind}/${o.metadata!.name}`)).toEqual([
      'Secret/node2-example-credentials', 'BareMetalHost/node2-example', 'Secret/node3-example-credentials', 'BareMetalHost/node3-example',
    ]);
  });

  test('control-plane Butane: the chapter\'s is not valid YAML; ours parses cleanly and carries the same unit and manifests (C5)', () => {
    const chCp = chapter.find(o => o.kind === 'RKE2ControlPlane')!;
    const myCp = ours.find(o => o.kind === 'RKE2ControlPlane')!;
    const chFindings = parseButane(at(chCp, CONFIG)).findings;
    expect(chFindings.some(f => f.severity === 'error' && f.rule === 'butane/yaml-syntax')).toBe(true);
    expect(parseButane(at(myCp, CONFIG), { strict: true }).findings).toEqual([]);
    expect(unitContents(at(myCp, CONFIG))).toEqual(unitContents(at(chapter.find(o => o.kind === 'RKE2ConfigTemplate')!, WORKER_CONFIG)));
    expect(Object.keys(manifests(at(myCp, CONFIG)))).toHaveLength(7);
    expect(manifests(at(myCp, CONFIG))).toEqual(manifests(at(chCp, CONFIG)));
  });

  test('worker Butane: same preinstall unit as the chapter, valid under strict', () => {
    const ch = at(chapter.find(o => o.kind === 'RKE2ConfigTemplate')!, WORKER_CONFIG);
    const mine = at(ours.find(o => o.kind === 'RKE2ConfigTemplate')!, WORKER_CONFIG);
    expect(parseButane(mine, { strict: true }).findings).toEqual([]);
    expect(unitContents(mine)).toEqual(unitContents(ch));
  });

  test('the chapter as written fails validation where it would fail on a real API server; ours does not', () => {
    const rules = (objs: KubeObject[]) => validateObjects(objs).flatMap(r => r.findings.filter(f => f.severity === 'error').map(f => `${r.object.kind} ${f.rule} ${f.field}`));
    const chapterErrors = rules(chapter);
    expect(chapterErrors).toEqual(expect.arrayContaining([
      // C1: raw placeholders in base64 data.
      'Secret placeholder/base64 data.username',
      'RKE2ControlPlane schema/unknown-field spec.infrastructureRef',
      // C4: SANs written as URLs.
      'RKE2ControlPlane caprke2/tls-san spec.serverConfig.tlsSan[2]',
      'RKE2ControlPlane caprke2/tls-san spec.serverConfig.tlsSan[3]',
      'RKE2ControlPlane caprke2/machine-template spec.machineTemplate.spec.infrastructureRef',
      expect.stringMatching(/^RKE2ControlPlane butane\/yaml-syntax spec.agentConfig.additionalUserData.config/),
    ]));
    expect(rules(ours)).toEqual([]);
  });
});
