import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiObject, App, Chart } from 'cdk8s';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { ignitionSchemaErrors } from './ignition-schema';
import { MANIFESTS_DIR, PREINSTALL_UNIT } from './reference';
import { ValidationError } from '../../src/core/errors';
import { Severity } from '../../src/core/finding';
import { ButaneConfig, parseButane } from '../../src/ignition';
import { encodeDataUrl } from '../../src/validate/butane/data-url';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const indent = (text: string, n: number) => text.replace(/^(?=.)/gm, ' '.repeat(n));

/** The error a builder call throws (fails the test when it does not throw a ValidationError). */
function thrown(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw new Error(`expected a ValidationError, got ${String(e)}`);
  }
  throw new Error('expected a ValidationError, nothing was thrown');
}

function workerConfig(): ButaneConfig {
  return new ButaneConfig().addUnit({ name: 'rke2-preinstall.service', enabled: true, contents: PREINSTALL_UNIT });
}

describe('the reference worker config rebuilt with the builder', () => {
  test('renders the Butane YAML CAPRKE2 reads from additionalUserData.config', () => {
    expect(workerConfig().toYaml()).toBe(
      'variant: fcos\nversion: 1.4.0\nsystemd:\n  units:\n    - name: rke2-preinstall.service\n      enabled: true\n      contents: |\n'
      + indent(PREINSTALL_UNIT, 8));
  });

  test('is the same model as the chapter\'s hand-written worker config', () => {
    expect(parseButane(fixture('reference-worker.bu')).model).toEqual(workerConfig().toModel());
  });

  test('translates to Ignition 3.3.0 with the unit contents verbatim', () => {
    const ign = workerConfig().toIgnition();
    expect(ign).toEqual({
      ignition: { version: '3.3.0' },
      systemd: { units: [{ contents: PREINSTALL_UNIT, enabled: true, name: 'rke2-preinstall.service' }] },
    });
    expect(ignitionSchemaErrors(ign)).toEqual([]);
  });
});

describe('the reference control-plane config rebuilt with the builder', () => {
  // The corrected chapter config is the reference; its manifests are rebuilt from objects.
  const reference = parseButane(fixture('reference-control-plane-fixed.bu')).model!;
  const objectsOf = (inline: string) => parseAllDocuments(inline).map(d => d.toJS());

  function controlPlane(): ButaneConfig {
    const c = new ButaneConfig()
      .addUnit({ name: 'rke2-preinstall.service', enabled: true, contents: PREINSTALL_UNIT })
      .addDirectory({ path: MANIFESTS_DIR, overwrite: true });
    for (const f of reference.files) c.addManifestFile(f.path, objectsOf(f.contents!.inline!));
    return c;
  }

  test('writes every manifest as 0644 root:root with overwrite, holding the same objects', () => {
    const built = controlPlane().toModel();
    expect(built.files.map(f => f.path)).toEqual(reference.files.map(f => f.path));
    for (const [i, f] of built.files.entries()) {
      expect(f).toMatchObject({ overwrite: true, mode: 0o644, user: { name: 'root' }, group: { name: 'root' } });
      expect(objectsOf(f.contents!.inline!)).toEqual(objectsOf(reference.files[i].contents!.inline!));
    }
    expect(built.units).toEqual(reference.units);
    expect(built.directories).toEqual(reference.directories);
  });

  test('renders modes as octal literals that read back as 420 with YAML 1.1 and Butane semantics', () => {
    const yaml = controlPlane().toYaml();
    expect(yaml.match(/^ +mode: .*$/gm)).toEqual(Array(7).fill('      mode: 0644'));
    const asYaml11 = parseYaml(yaml, { version: '1.1' });
    expect(asYaml11.storage.files.map((f: any) => f.mode)).toEqual(Array(7).fill(420));
    const asButane = parseButane(yaml, { strict: true });
    expect(asButane.findings).toEqual([]);
    expect(asButane.model).toEqual(controlPlane().toModel());
  });

  test('translates to schema-valid Ignition with decimal modes, owners and data URLs', () => {
    const ign = controlPlane().toIgnition();
    expect(ignitionSchemaErrors(ign)).toEqual([]);
    expect(ign.storage!.directories).toEqual([{ overwrite: true, path: MANIFESTS_DIR }]);
    const file = ign.storage!.files![0];
    expect(Object.keys(file)).toEqual(['group', 'overwrite', 'path', 'user', 'contents', 'mode']);
    expect(file).toMatchObject({ group: { name: 'root' }, overwrite: true, user: { name: 'root' }, mode: 420 });
    expect(file.contents!.compression).toBe('');
    expect(file.contents!.source).toMatch(/^data:,apiVersion:%20helm.cattle.io%2Fv1%0Akind:%20HelmChartConfig%0A/);
    expect(decodeURIComponent(file.contents!.source!.slice('data:,'.length))).toBe(controlPlane().toModel().files[0].contents!.inline);
  });

  test('renders the same bytes every time', () => {
    expect(controlPlane().toYaml()).toBe(controlPlane().toYaml());
    expect(JSON.stringify(controlPlane().toIgnition())).toBe(JSON.stringify(controlPlane().toIgnition()));
  });

  test('matches the snapshot (complement to the assertions above)', () => {
    expect(controlPlane().toYaml()).toMatchSnapshot('butane yaml');
    expect(controlPlane().toIgnition()).toMatchSnapshot('ignition json');
  });
});

describe('data URLs', () => {
  test('encode text the way Butane encodes uncompressed inline contents', () => {
    // Vectors from Butane's own translation tests.
    expect(encodeDataUrl('file contents\n')).toBe('data:,file%20contents%0A');
    expect(encodeDataUrl('xyzzy')).toBe('data:,xyzzy');
    expect(encodeDataUrl('[Unit]\nDescription=A systemd user unit demo\nAfter=network-online.target\n[Service]\nExecStart=/usr/bin/sleep infinity\n'))
      .toBe('data:,%5BUnit%5D%0ADescription=A%20systemd%20user%20unit%20demo%0AAfter=network-online.target%0A%5BService%5D%0AExecStart=%2Fusr%2Fbin%2Fsleep%20infinity%0A');
    expect(encodeDataUrl('é!*\'();,?')).toBe('data:,%C3%A9%21%2A%27%28%29%3B%2C%3F');
  });
});

describe('addManifestFile', () => {
  const pool = { apiVersion: 'metallb.io/v1beta1', kind: 'IPAddressPool', metadata: { name: 'p', namespace: 'metallb-system' }, spec: { addresses: ['192.168.122.100/32'] } };
  const adv = { apiVersion: 'metallb.io/v1beta1', kind: 'L2Advertisement', metadata: { name: 'a', namespace: 'metallb-system' }, spec: { ipAddressPools: ['p'] } };

  test('writes several objects as YAML documents in order', () => {
    const inline = new ButaneConfig().addManifestFile(`${MANIFESTS_DIR}/metallb-cr.yaml`, [pool, adv]).toModel().files[0].contents!.inline!;
    expect(inline).toBe(
      'apiVersion: metallb.io/v1beta1\nkind: IPAddressPool\nmetadata:\n  name: p\n  namespace: metallb-system\nspec:\n  addresses:\n    - 192.168.122.100/32\n'
      + '---\n'
      + 'apiVersion: metallb.io/v1beta1\nkind: L2Advertisement\nmetadata:\n  name: a\n  namespace: metallb-system\nspec:\n  ipAddressPools:\n    - p\n');
  });

  test('serializes cdk8s ApiObjects through toJson()', () => {
    const chart = new Chart(new App(), 'c');
    const obj = new ApiObject(chart, 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'kube-system' }, data: { a: 'b' } });
    const inline = new ButaneConfig().addManifestFile('/m/cm.yaml', [obj]).toModel().files[0].contents!.inline!;
    expect(parseYaml(inline)).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'kube-system' }, data: { a: 'b' } });
  });

  test('quotes strings a YAML 1.1 reader would take for bools or numbers', () => {
    const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: { enabled: 'yes', on: 'on' } }, data: { mode: '0644', oct: '0o644', v: '1.20' } };
    const inline = new ButaneConfig().addManifestFile('/m/cm.yaml', [obj]).toModel().files[0].contents!.inline!;
    expect(inline).toContain('enabled: "yes"');
    expect(inline).toContain('"on": "on"');
    expect(inline).toContain('mode: "0644"');
    expect(inline).toContain('oct: "0o644"');
    expect(inline).toContain('v: "1.20"');
    expect(parseYaml(inline, { version: '1.1' })).toEqual(obj);
  });

  test('honours mode, owner and overwrite options', () => {
    const f = new ButaneConfig().addManifestFile('/m/x.yaml', [pool], { mode: 0o600, user: { id: 0 }, group: { id: 0 }, overwrite: false }).toModel().files[0];
    expect(f).toMatchObject({ mode: 0o600, user: { id: 0 }, group: { id: 0 }, overwrite: false });
  });

  test('fails when no objects are given', () => {
    const e = thrown(() => new ButaneConfig().addManifestFile('/m/x.yaml', []));
    expect(e.where).toBe('ButaneConfig file /m/x.yaml');
    expect(e.findings[0]).toMatchObject({ rule: 'butane/manifest-object', field: 'objects' });
  });

  test('fails when an object is not a Kubernetes object', () => {
    const e = thrown(() => new ButaneConfig().addManifestFile('/m/x.yaml', [pool, { metadata: { name: 'x' } }]));
    expect(e.findings[0]).toMatchObject({ rule: 'butane/manifest-object', field: 'objects[1]' });
    expect(e.findings[0].message).toContain('apiVersion');
    expect(thrown(() => new ButaneConfig().addManifestFile('/m/x.yaml', ['text' as any])).findings[0].field).toBe('objects[0]');
  });

  test('fails when an object cannot be serialized', () => {
    const cyclic: any = { apiVersion: 'v1', kind: 'ConfigMap' };
    cyclic.self = cyclic;
    expect(thrown(() => new ButaneConfig().addManifestFile('/m/x.yaml', [cyclic])).findings[0].message).toMatch(/cannot be serialized/);
  });
});

describe('builder validation', () => {
  test('fails with the file path and field when a path is relative', () => {
    const e = thrown(() => new ButaneConfig().addFile({ path: 'etc/x', contents: { inline: 'x' } }));
    expect(e.where).toBe('ButaneConfig file etc/x');
    expect(e.field).toBe('path');
    expect(e.message).toContain('"/etc/x"');
  });

  test('fails with the unit name when the unit has no suffix', () => {
    const e = thrown(() => new ButaneConfig({ where: 'app/cluster/controlplane' }).addUnit({ name: 'rke2-preinstall' }));
    expect(e.where).toBe('app/cluster/controlplane unit rke2-preinstall');
    expect(e.field).toBe('name');
  });

  test('fails on a decimal-looking mode by default (strict), and accepts it with strict false', () => {
    const e = thrown(() => new ButaneConfig().addFile({ path: '/a', contents: { inline: 'x' }, mode: 644 }));
    expect(e.field).toBe('mode');
    expect(e.message).toContain('0644');
    const lenient = new ButaneConfig({ strict: false }).addFile({ path: '/a', contents: { inline: 'x' }, mode: 644 });
    expect(lenient.validate().map(f => [f.rule, f.severity])).toEqual([
      ['butane/mode-decimal', Severity.WARNING], ['butane/mode-special-bits', Severity.WARNING],
    ]);
  });

  test('fails on local contents and explains why', () => {
    const e = thrown(() => new ButaneConfig().addFile({ path: '/a', contents: { local: 'a.txt' } }));
    expect(e.field).toBe('contents.local');
    expect(e.message).toMatch(/files-dir/);
  });

  test('fails when a file reuses a directory path, naming both', () => {
    const c = new ButaneConfig().addDirectory({ path: '/a' });
    const e = thrown(() => c.addFile({ path: '/a', contents: { inline: 'x' } }));
    expect(e.where).toBe('ButaneConfig file /a');
    expect(e.field).toBe('path');
    expect(e.message).toContain('storage.directories[0]');
    expect(c.toModel().files).toEqual([]); // the rejected entry is not kept
  });

  test('fails when a unit is added whose path a file already takes', () => {
    const c = new ButaneConfig().addFile({ path: '/etc/systemd/system/a.service', contents: { inline: '[Unit]\n' } });
    const e = thrown(() => c.addUnit({ name: 'a.service', contents: '[Unit]\nDescription=a\n' }));
    expect(e.where).toBe('ButaneConfig unit a.service');
    expect(e.field).toBe('name');
    expect(e.findings[0].rule).toBe('butane/path-conflicts-unit');
    expect(c.toModel().units).toEqual([]);
  });

  test('fails on duplicate units and drop-ins', () => {
    const c = new ButaneConfig().addUnit({ name: 'a.service', dropins: [{ name: 'x.conf', contents: '[Service]\nA=1\n' }] });
    expect(thrown(() => c.addUnit({ name: 'a.service' })).findings[0].rule).toBe('butane/duplicate-unit');
    const e = thrown(() => c.addUnit({ name: 'b.service', dropins: [{ name: 'x.conf' }, { name: 'x.conf' }] }));
    expect(e.field).toBe('dropins[1].name');
  });

  test('fails on an unknown prop (a typo) by default', () => {
    const e = thrown(() => new ButaneConfig().addFile({ path: '/a', owner: { name: 'root' } } as any));
    expect(e.findings[0]).toMatchObject({ rule: 'butane/unknown-key', field: 'owner' });
  });

  test('fails with a typed error when a prop has the wrong type', () => {
    const e = thrown(() => new ButaneConfig().addFile({ path: '/a', mode: '0644' } as any));
    expect(e.findings[0]).toMatchObject({ rule: 'butane/type', field: 'mode' });
    expect(e.findings[0].message).toContain('"0644"');
    expect(thrown(() => new ButaneConfig().addUnit(undefined as any)).findings[0].rule).toBe('butane/type');
    expect(thrown(() => new ButaneConfig().addDirectory({ path: 7 } as any)).where).toBe('ButaneConfig directory #1');
  });

  test('validates constructor props like add calls', () => {
    expect(thrown(() => new ButaneConfig({ files: [{ path: '/a', overwrite: true }] })).findings[0].rule).toBe('butane/overwrite-without-contents');
    const c = new ButaneConfig({ units: [{ name: 'a.service' }], files: [{ path: '/a' }], directories: [{ path: '/d' }] });
    expect(c.toModel()).toMatchObject({ units: [{ name: 'a.service' }], files: [{ path: '/a' }], directories: [{ path: '/d' }] });
  });

  test('keeps a copy, so later changes to the caller\'s objects do not bypass validation', () => {
    const file = { path: '/a', contents: { inline: 'x' }, mode: 0o644 };
    const c = new ButaneConfig().addFile(file);
    (file as any).mode = 99999;
    expect(c.toModel().files[0].mode).toBe(0o644);
  });
});

describe('ButaneConfig.toYaml', () => {
  test('is the same text until the config changes, then follows the change (a rejected entry changes nothing)', () => {
    const c = new ButaneConfig().addUnit({ name: 'a.service', enabled: true, contents: '[Unit]\nDescription=a\n[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n' });
    const first = c.toYaml();
    expect(c.toYaml()).toBe(first);
    c.addFile({ path: '/etc/motd', contents: { inline: 'hi\n' }, mode: 0o644 });
    expect(c.toYaml()).not.toBe(first);
    expect(c.toYaml()).toContain('/etc/motd');
    const second = c.toYaml();
    expect(() => c.addFile({ path: '/etc/motd', contents: { inline: 'again\n' } })).toThrow(ValidationError);
    expect(c.toYaml()).toBe(second);
  });
});
