import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Severity } from '../../../src/core/finding';
import { ignitionConfig, parseButane } from '../../../src/ignition';
import { butaneYaml } from '../../../src/ignition/butane-yaml';
import { ignitionSchemaErrors } from '../../ignition/ignition-schema';

const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'ignition', 'fixtures', name), 'utf8');
const HEADER = 'variant: fcos\nversion: 1.4.0\n';

describe('parseButane on the reference chapter', () => {
  // The control-plane config as printed in the chapter (example values filled in): the
  // rke2-traefik-config.yaml entry is indented two spaces short, and repeats mode/user/group.
  test('fails on the control-plane config with YAML errors that carry line numbers', () => {
    const result = parseButane(fixture('reference-control-plane.bu'));
    expect(result.model).toBeUndefined();
    expect(result.findings.every(f => f.rule === 'butane/yaml-syntax' && f.severity === Severity.ERROR)).toBe(true);
    const lines = result.findings.map(f => f.line);
    expect(lines).toContain(130); // "  - path: .../rke2-traefik-config.yaml", mis-indented
    const dups = result.findings.filter(f => f.message.includes('duplicate key'));
    expect(dups.map(f => [f.line, f.message.match(/duplicate key "(\w+)"/)![1]])).toEqual([[161, 'mode'], [162, 'user'], [164, 'group']]);
    expect(dups[0].hint).toMatch(/repeated key/);
    const indent = result.findings.find(f => f.line === 130)!;
    expect(indent.message).toContain('line 130');
    expect(indent.hint).toMatch(/indentation/);
  });

  test('passes the control-plane config once the indentation and repeated keys are fixed, even under strict', () => {
    const result = parseButane(fixture('reference-control-plane-fixed.bu'), { strict: true });
    expect(result.findings).toEqual([]);
    const model = result.model!;
    expect(model.units.map(u => u.name)).toEqual(['rke2-preinstall.service']);
    expect(model.directories).toEqual([{ path: '/var/lib/rancher/rke2/server/manifests', overwrite: true }]);
    expect(model.files.map(f => f.path.split('/').pop())).toEqual([
      'rke2-cilium-config.yaml', 'endpoint-copier-operator.yaml', 'metallb.yaml', 'metallb-cr.yaml', 'endpoint-svc.yaml',
      'rke2-traefik-config.yaml', 'metallb-traefik-cr.yaml',
    ]);
    expect(model.files[0]).toMatchObject({ overwrite: true, mode: 0o644, user: { name: 'root' }, group: { name: 'root' } });
    expect(model.files[0].contents!.inline).toContain('kind: HelmChartConfig');
  });

  test('reads the worker config into one enabled unit with the preinstall script', () => {
    const result = parseButane(fixture('reference-worker.bu'));
    expect(result.findings).toEqual([]);
    const [unit] = result.model!.units;
    expect(unit).toMatchObject({ name: 'rke2-preinstall.service', enabled: true });
    expect(unit.contents).toMatch(/^\[Unit\]\nDescription=rke2-preinstall\n/);
    expect(unit.contents).toContain('ExecStart=/bin/sh -c "sed -i \\"s_PROVIDERID_$(jq -r .providerid /mnt/openstack/latest/meta_data.json)_\\" /etc/rancher/rke2/config.yaml"\n');
    expect(unit.contents!.endsWith('[Install]\nWantedBy=multi-user.target\n')).toBe(true);
  });
});

describe('parseButane YAML reading (as Butane\'s go-yaml v3 decoder reads it)', () => {
  test('reads modes with a leading zero as octal and 0o-prefixed modes too', () => {
    const m = parseButane(`${HEADER}storage:\n  files:\n    - {path: /a, mode: 0640}\n    - {path: /b, mode: 0o600}\n    - {path: /c, mode: 420}\n`).model!;
    expect(m.files.map(f => f.mode)).toEqual([0o640, 0o600, 420]);
  });

  test('fails when a mode is quoted (Butane cannot decode a string into an integer)', () => {
    const [f] = parseButane(`${HEADER}storage:\n  files:\n    - path: /a\n      mode: "0644"\n`).findings;
    expect(f).toMatchObject({ rule: 'butane/type', severity: Severity.ERROR, field: 'storage.files[0].mode', line: 6 });
    expect(f.message).toContain('"0644"');
  });

  test('fails when a bool is a quoted "true", but takes yes/no/on/off', () => {
    const bad = parseButane(`${HEADER}systemd:\n  units:\n    - name: a.service\n      mask: "true"\n`).findings;
    expect(bad.map(f => [f.rule, f.field])).toEqual([['butane/type', 'systemd.units[0].mask']]);
    const m = parseButane(`${HEADER}systemd:\n  units:\n    - {name: a.service, mask: yes}\n    - {name: b.service, mask: off}\n`).model!;
    expect(m.units.map(u => u.mask)).toEqual([true, false]);
  });

  test('takes the text of a number where a string is expected', () => {
    const m = parseButane('variant: fcos\nversion: 1.4\nstorage:\n  files:\n    - path: /a\n      contents:\n        inline: 0644\n').model!;
    expect(m.version).toBe('1.4');
    expect(m.files[0].contents).toEqual({ inline: '0644' });
  });

  test('fails when a list or mapping has the wrong type, keeping later indices right', () => {
    const { findings } = parseButane(`${HEADER}storage:\n  files:\n    - just a string\n    - path: relative\n  directories: /x\n`);
    expect(findings.map(f => [f.rule, f.field, f.line])).toEqual([
      ['butane/type', 'storage.files[0]', 5],
      ['butane/type', 'storage.directories', 7],
      ['butane/path-not-absolute', 'storage.files[1].path', 6],
    ]);
  });

  test('fails when the document is not a mapping', () => {
    const [f] = parseButane('- a\n- b\n').findings;
    expect(f).toMatchObject({ rule: 'butane/type', severity: Severity.ERROR, line: 1 });
    expect(parseButane('- a\n').model).toBeUndefined();
  });

  test('fails when the text holds several YAML documents', () => {
    const { findings, model } = parseButane(`${HEADER}---\n${HEADER}`);
    expect(model).toBeUndefined();
    expect(findings[0]).toMatchObject({ rule: 'butane/yaml-syntax', severity: Severity.ERROR });
  });

  test('resolves anchors, aliases and merge keys', () => {
    const m = parseButane(`${HEADER}storage:\n  files:\n    - &f {path: /a, mode: 0600, user: {name: core}}\n    - <<: *f\n      path: /b\n`).model!;
    expect(m.files[1]).toEqual({ path: '/b', mode: 0o600, user: { name: 'core' } });
    const merged = parseButane(`${HEADER}a: &a {mode: 0600}\nb: &b {mode: 0644, overwrite: true}\nstorage:\n  files:\n    - <<: [*a, *b]\n      path: /c\n`);
    expect(merged.model!.files[0]).toEqual({ path: '/c', mode: 0o600, overwrite: true });
  });

  test('points findings inside an alias at the alias, not its anchor', () => {
    const { findings } = parseButane(`${HEADER}s: &s just text\nstorage:\n  files:\n    - *s\n`);
    expect(findings.filter(f => f.rule === 'butane/type').map(f => [f.field, f.line])).toEqual([['storage.files[0]', 6]]);
  });

  test('fails instead of expanding aliases without bound', () => {
    const many = (ref: string) => `[${Array(100).fill(`*${ref}`).join(', ')}]`;
    const text = `${HEADER}h: &h {name: a}\nr: &r {inline: x, http_headers: ${many('h')}}\nf: &f {path: /a, append: ${many('r')}}\n`
      + `storage:\n  files: ${many('f')}\n`;
    const { findings } = parseButane(text);
    expect(findings.filter(f => f.message.includes('more than 10000 alias expansions'))).toHaveLength(1);
  });

  test('reads an empty config as empty lists (with header warnings)', () => {
    const { model, findings } = parseButane('');
    expect(model).toEqual({ units: [], files: [], directories: [], links: [] });
    expect(findings.map(f => f.rule)).toEqual(['butane/variant-version', 'butane/variant-version']);
  });
});

describe('parseButane unknown keys', () => {
  test('warns about an unused key with its path and line, and lists the known keys', () => {
    const [f] = parseButane(`${HEADER}storage:\n  files:\n    - path: /a\n      owner: root\n`).findings;
    expect(f).toMatchObject({ rule: 'butane/unknown-key', severity: Severity.WARNING, field: 'storage.files[0].owner', line: 6 });
    expect(f.hint).toContain('user');
  });

  test('fails on an unused key under strict, as CAPRKE2 does with additionalUserData.strict', () => {
    const [f] = parseButane(`${HEADER}systemd:\n  units:\n    - name: a.service\n      enable: true\n`, { strict: true }).findings;
    expect(f).toMatchObject({ rule: 'butane/unknown-key', severity: Severity.ERROR, field: 'systemd.units[0].enable' });
  });

  test('knows the rest of fcos 1.4.0 and reports what the model does not carry', () => {
    const text = `${HEADER}passwd:\n  users:\n    - name: core\n      ssh_authorized_keys: [ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleKey user@host]\n`
      + 'kernel_arguments:\n  should_exist: [quiet]\nstorage:\n  files:\n    - path: /a\n      append:\n        - inline: more\n'
      + '      contents:\n        inline: x\n        verification:\n          hash: sha256-' + '0'.repeat(64) + '\n';
    const result = parseButane(text, { strict: true });
    expect(result.findings).toEqual([]);
    expect(result.unmodelled).toEqual(['passwd', 'kernel_arguments', 'storage.files[0].append', 'storage.files[0].contents.verification']);
    expect(result.model!.files[0]).toEqual({ path: '/a', contents: { inline: 'x' } });
  });

  test('type-checks settings the model does not carry', () => {
    const [f] = parseButane(`${HEADER}passwd:\n  users:\n    - name: core\n      uid: abc\n`).findings;
    expect(f).toMatchObject({ rule: 'butane/type', field: 'passwd.users[0].uid', line: 6 });
  });
});

describe('parsed configs in Ignition form', () => {
  test('translate with links, drop-ins and masks, and stay schema-valid', () => {
    const { model, findings } = parseButane(`${HEADER}systemd:\n  units:\n    - name: a.service\n      mask: true\n      dropins:\n        - name: x.conf\n          contents: "[Service]\\nA=1\\n"\n`
      + 'storage:\n  links:\n    - path: /etc/localtime\n      target: /usr/share/zoneinfo/UTC\n      hard: false\n      user: {id: 0}\n');
    expect(findings).toEqual([]);
    const ign = ignitionConfig(model!);
    expect(ign.storage).toEqual({ links: [{ path: '/etc/localtime', user: { id: 0 }, hard: false, target: '/usr/share/zoneinfo/UTC' }] });
    expect(ign.systemd!.units).toEqual([{ dropins: [{ contents: '[Service]\nA=1\n', name: 'x.conf' }], mask: true, name: 'a.service' }]);
    expect(ignitionSchemaErrors(ign)).toEqual([]);
    expect(parseButane(butaneYaml(model!)).model).toEqual(model);
  });

  test('the fixed reference control-plane config reads back the same after re-rendering', () => {
    const { model } = parseButane(fixture('reference-control-plane-fixed.bu'));
    expect(parseButane(butaneYaml(model!), { strict: true })).toEqual({ findings: [], model, unmodelled: [] });
  });
});

test('one broken indentation reports the first ten YAML errors and how many follow, not every line after it', () => {
  const lines = ['variant: fcos', 'version: 1.4.0', 'storage:', '  files:', '    - path: /a', '  bad: [unclosed'];
  for (let i = 0; i < 40; i++) lines.push(`      key${i}: value: ${i}`);
  const { findings } = parseButane(lines.join('\n'));
  expect(findings.length).toBe(11);
  expect(findings[10].message).toMatch(/^\d+ more YAML syntax errors follow, most likely from the ones above$/);
});
