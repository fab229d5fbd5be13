// One failing case (and the nearest passing case) per Butane fcos 1.4.0 / Ignition 3.3.0 rule,
// driven through the parser as `validate` drives it, plus the pure rule functions directly.
import { deepFreeze } from '../../../src/core/deep-freeze';
import { Severity } from '../../../src/core/finding';
import { parseButane } from '../../../src/validate/butane/parse';
import { checkContents, checkHeader, checkMode, checkOwner, checkPath, checkUnit, validateButane } from '../../../src/validate/butane/rules';

const HEADER = 'variant: fcos\nversion: 1.4.0\n';

/** Findings of one rule for a config given without its header. */
function findings(body: string, rule: string, strict = false) {
  return parseButane(HEADER + body, { strict }).findings.filter(f => f.rule === rule);
}

function allFindings(body: string) {
  return parseButane(HEADER + body).findings;
}

const UNIT_OK = '[Unit]\nDescription=x\n[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n';

describe('paths', () => {
  test('fails when a file path is missing', () => {
    const [f] = findings('storage:\n  files:\n    - mode: 0644\n', 'butane/path-required');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.files[0].path', line: 5 });
  });

  test('fails when a path is relative, and suggests the absolute form', () => {
    const [f] = findings('storage:\n  directories:\n    - path: var/lib/x\n', 'butane/path-not-absolute');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.directories[0].path', line: 5 });
    expect(f.message).toContain('"var/lib/x"');
    expect(f.hint).toContain('"/var/lib/x"');
  });

  test.each([
    ['/var/lib/../x', '/var/x'],
    ['/var//lib', '/var/lib'],
    ['/var/lib/', '/var/lib'],
    ['/var/./lib', '/var/lib'],
  ])('fails when path %s is not fully simplified', (path, clean) => {
    const [f] = findings(`storage:\n  files:\n    - path: ${path}\n`, 'butane/path-not-simplified');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.files[0].path' });
    expect(f.hint).toContain(JSON.stringify(clean));
  });

  test('passes an absolute simplified path, including /', () => {
    expect(checkPath('/etc/rancher/rke2/config.yaml', 'path')).toEqual([]);
    expect(checkPath('/', 'path')).toEqual([]);
  });
});

describe('file contents', () => {
  test('fails when inline and source are both set', () => {
    const [f] = findings('storage:\n  files:\n    - path: /a\n      contents:\n        inline: x\n        source: https://example.com/a\n',
      'butane/contents-multiple-sources');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.files[0].contents', line: 6 });
    expect(f.message).toContain('inline, source');
  });

  test('fails when local is used, explaining that CAPRKE2 has no files-dir', () => {
    const [f] = findings('storage:\n  files:\n    - path: /a\n      contents:\n        local: a.txt\n', 'butane/contents-local-unsupported');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.files[0].contents.local', line: 7 });
    expect(f.message).toMatch(/files-dir/);
    expect(f.hint).toMatch(/inline/);
  });

  test('fails when local is used in an append resource or a tree', () => {
    expect(findings('storage:\n  files:\n    - path: /a\n      append:\n        - local: b\n', 'butane/contents-local-unsupported')[0].field)
      .toBe('storage.files[0].append[0].local');
    expect(findings('storage:\n  trees:\n    - local: dir\n', 'butane/contents-local-unsupported')[0].field).toBe('storage.trees[0].local');
  });

  test.each([
    ['ftp://example.com/a', 'invalid url scheme'],
    ['example.com/a', 'invalid url scheme'],
    ['data:;base64,***', 'not valid base64'],
    ['data:,100%', 'invalid %-escape'],
  ])('fails when source is %s', (source, message) => {
    const [f] = findings(`storage:\n  files:\n    - path: /a\n      contents:\n        source: "${source}"\n`, 'butane/contents-source-invalid');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.files[0].contents.source' });
    expect(f.message).toContain(message);
  });

  test('passes every scheme Ignition 3.3 fetches from', () => {
    for (const s of ['http://a/b', 'https://a/b', 'tftp://a/b', 's3://bucket/key', 'gs://bucket/key', 'data:,hello', 'data:text/plain;base64,aGk=']) {
      expect(checkContents({ source: s }, 'contents')).toEqual([]);
    }
  });

  test('fails when overwrite is true without contents', () => {
    const [f] = findings('storage:\n  files:\n    - path: /a\n      overwrite: true\n', 'butane/overwrite-without-contents');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.files[0].overwrite', line: 6 });
  });

  test('passes overwrite on a directory (directories have no contents)', () => {
    expect(allFindings('storage:\n  directories:\n    - path: /a\n      overwrite: true\n')).toEqual([]);
  });
});

describe('owners', () => {
  test('fails when user has both id and name', () => {
    const [f] = findings('storage:\n  files:\n    - path: /a\n      user:\n        id: 0\n        name: root\n', 'butane/owner-id-and-name');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.files[0].user', line: 6 });
  });

  test('fails when a directory group has both id and name', () => {
    expect(findings('storage:\n  directories:\n    - path: /a\n      group: {id: 10, name: wheel}\n', 'butane/owner-id-and-name')[0].field)
      .toBe('storage.directories[0].group');
  });

  test('passes id alone, name alone, and an id with an empty name', () => {
    expect(checkOwner({ id: 0 }, 'user')).toEqual([]);
    expect(checkOwner({ name: 'root' }, 'user')).toEqual([]);
    expect(checkOwner({ id: 0, name: '' }, 'user')).toEqual([]);
  });
});

describe('modes', () => {
  test('reads 0644 as octal (420) and accepts it', () => {
    const parsed = parseButane(`${HEADER}storage:\n  files:\n    - path: /a\n      mode: 0644\n`);
    expect(parsed.model!.files[0].mode).toBe(420);
    expect(parsed.findings).toEqual([]);
  });

  test('warns when a file mode looks decimal (644), and is an error under strict', () => {
    const body = 'storage:\n  files:\n    - path: /a\n      mode: 644\n';
    const [f] = findings(body, 'butane/mode-decimal');
    expect(f).toMatchObject({ severity: Severity.WARNING, field: 'storage.files[0].mode', line: 6 });
    expect(f.message).toContain('would be reasonable if specified in octal');
    expect(f.hint).toContain('0644');
    expect(findings(body, 'butane/mode-decimal', true)[0].severity).toBe(Severity.ERROR);
  });

  test('warns when a directory mode looks decimal (755)', () => {
    expect(checkMode(755, 'mode', true).map(f => f.rule)).toContain('butane/mode-decimal');
  });

  test('passes a decimal mode that is the intended value (420 = 0644) and 0', () => {
    expect(checkMode(420, 'mode', false)).toEqual([]);
    expect(checkMode(0, 'mode', false)).toEqual([]);
    expect(checkMode(0o755, 'mode', true)).toEqual([]);
  });

  test.each([0o10000, -1, 1.5])('fails when mode %s is out of range', mode => {
    const [f] = checkMode(mode, 'storage.files[0].mode', false);
    expect(f).toMatchObject({ rule: 'butane/mode-range', severity: Severity.ERROR, field: 'storage.files[0].mode' });
  });

  test('fails in the parser when mode 010000 is out of range', () => {
    expect(findings('storage:\n  files:\n    - path: /a\n      mode: 010000\n', 'butane/mode-range')[0].line).toBe(6);
  });

  test('warns about setuid/setgid/sticky bits', () => {
    for (const mode of [0o4755, 0o2755, 0o1777]) {
      const [f] = checkMode(mode, 'mode', true).filter(x => x.rule === 'butane/mode-special-bits');
      expect(f.severity).toBe(Severity.WARNING);
      expect(f.hint).toContain(`0${(mode % 0o1000).toString(8)}`);
    }
  });
});

describe('duplicates and clashes', () => {
  test('fails when a file and a directory share a path', () => {
    const [f] = findings('storage:\n  directories:\n    - path: /a\n  files:\n    - path: /a\n', 'butane/duplicate-path');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.files[0].path', line: 7 });
    expect(f.message).toContain('storage.directories[0]');
  });

  test('fails when a link reuses a file path', () => {
    expect(findings('storage:\n  files:\n    - path: /a\n  links:\n    - path: /a\n      target: /b\n', 'butane/duplicate-path')[0].field)
      .toBe('storage.links[0].path');
  });

  test('fails when two units have the same name', () => {
    const [f] = findings('systemd:\n  units:\n    - name: a.service\n    - name: a.service\n', 'butane/duplicate-unit');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'systemd.units[1].name', line: 6 });
  });

  test('fails when a unit has the same drop-in twice', () => {
    const [f] = findings('systemd:\n  units:\n    - name: a.service\n      dropins:\n        - name: x.conf\n        - name: x.conf\n',
      'butane/duplicate-dropin');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'systemd.units[0].dropins[1].name', line: 8 });
  });

  test('fails when a file is written where Ignition writes a unit', () => {
    const body = `systemd:\n  units:\n    - name: a.service\n      contents: |\n${UNIT_OK.replace(/^/gm, '        ').trimEnd()}\n`
      + 'storage:\n  files:\n    - path: /etc/systemd/system/a.service\n';
    const [f] = findings(body, 'butane/path-conflicts-unit');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.files[0].path' });
    expect(f.message).toContain('unit a.service');
  });

  test('fails when a directory is where a drop-in goes', () => {
    const [f] = findings('systemd:\n  units:\n    - name: a.service\n      dropins:\n        - name: x.conf\n          contents: "[Service]\\nA=b\\n"\n'
      + 'storage:\n  directories:\n    - path: /etc/systemd/system/a.service.d/x.conf\n', 'butane/path-conflicts-unit');
    expect(f.field).toBe('storage.directories[0].path');
  });

  test('passes a file at a unit path when the unit has no contents', () => {
    expect(findings('systemd:\n  units:\n    - name: a.service\n      enabled: true\nstorage:\n  files:\n    - path: /etc/systemd/system/a.service\n',
      'butane/path-conflicts-unit')).toEqual([]);
  });

  test('fails when a path runs through a declared link', () => {
    const [f] = findings('storage:\n  links:\n    - path: /opt/app\n      target: /var/app\n  files:\n    - path: /opt/app/config\n',
      'butane/path-through-link');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'storage.files[0].path' });
    expect(findings('storage:\n  links:\n    - path: /opt/app\n      target: /x\n  files:\n    - path: /opt/apple\n', 'butane/path-through-link')).toEqual([]);
  });

  test('fails when a link has no target', () => {
    expect(findings('storage:\n  links:\n    - path: /a\n', 'butane/link-target-required')[0].field).toBe('storage.links[0].target');
  });
});

describe('units', () => {
  test.each(['rke2-preinstall', 'rke2.conf', 'a.services'])('fails when unit name %s has no unit suffix', name => {
    const [f] = findings(`systemd:\n  units:\n    - name: ${name}\n`, 'butane/unit-extension');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'systemd.units[0].name', line: 5 });
    expect(f.message).toContain(JSON.stringify(name));
  });

  test('passes every unit suffix systemd and Ignition know', () => {
    for (const s of ['service', 'socket', 'device', 'mount', 'automount', 'swap', 'target', 'path', 'timer', 'snapshot', 'slice', 'scope']) {
      expect(checkUnit({ name: `x.${s}` }, 'u')).toEqual([]);
    }
  });

  test('fails when a drop-in name does not end in .conf', () => {
    const [f] = findings('systemd:\n  units:\n    - name: a.service\n      dropins:\n        - name: override\n', 'butane/dropin-extension');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'systemd.units[0].dropins[0].name' });
  });

  test.each([
    ['[Unit\nA=b\n', 'unable to find end of section'],
    ['[Unit]\nDescription\n', 'unexpected newline'],
    ['[Unit] extra\n', 'found garbage after section name'],
    [`[Unit]\nDescription=${'x'.repeat(2100)}\n`, 'line too long'],
  ])('fails when unit contents %j are not a unit file', (contents, message) => {
    const [f] = checkUnit({ name: 'a.service', contents }, 'systemd.units[0]').filter(x => x.rule === 'butane/unit-contents-invalid');
    expect(f).toMatchObject({ severity: Severity.ERROR, field: 'systemd.units[0].contents' });
    expect(f.message).toContain(message);
  });

  test('fails when drop-in contents are not a unit file', () => {
    const [f] = checkUnit({ name: 'a.service', dropins: [{ name: 'x.conf', contents: '[Service]\nnot an option\n' }] }, 'u');
    expect(f).toMatchObject({ rule: 'butane/unit-contents-invalid', field: 'u.dropins[0].contents' });
  });

  test('warns when an enabled unit has no [Install] section; error under strict', () => {
    const body = 'systemd:\n  units:\n    - name: a.service\n      enabled: true\n      contents: "[Service]\\nExecStart=/bin/true\\n"\n';
    const [f] = findings(body, 'butane/unit-no-install');
    expect(f).toMatchObject({ severity: Severity.WARNING, field: 'systemd.units[0].contents', line: 7 });
    expect(findings(body, 'butane/unit-no-install', true)[0].severity).toBe(Severity.ERROR);
  });

  test('warns when the [Install] section has no options (systemd sees none)', () => {
    expect(checkUnit({ name: 'a.service', enabled: true, contents: '[Service]\nA=b\n[Install]\n' }, 'u').map(f => f.rule))
      .toEqual(['butane/unit-no-install']);
  });

  test('passes an enabled unit with [Install], and a disabled one without', () => {
    expect(checkUnit({ name: 'a.service', enabled: true, contents: UNIT_OK }, 'u')).toEqual([]);
    expect(checkUnit({ name: 'a.service', enabled: false, contents: '[Service]\nA=b\n' }, 'u')).toEqual([]);
  });

  test('warns when contents_local is used: fcos 1.4.0 ignores the key (an error under strict, as Butane\'s warnings are)', () => {
    const body = 'systemd:\n  units:\n    - name: a.service\n      contents_local: a.service\n';
    const [f] = findings(body, 'butane/contents-local-unsupported');
    expect(f).toMatchObject({ severity: Severity.WARNING, field: 'systemd.units[0].contents_local', line: 6 });
    expect(f.message).toContain('the unit gets no contents');
    expect(findings(body, 'butane/contents-local-unsupported', true)[0].severity).toBe(Severity.ERROR);
  });

  test('with contents and contents_local both set, contents is used and contents_local ignored (a warning)', () => {
    const [f] = findings('systemd:\n  units:\n    - name: a.service\n      contents: "[Unit]\\n"\n      contents_local: a.service\n',
      'butane/contents-local-unsupported');
    expect(f).toMatchObject({ severity: Severity.WARNING, field: 'systemd.units[0].contents_local' });
    expect(f.message).toContain('uses contents');
  });
});

describe('CAPRKE2 base config', () => {
  test('warns when an entry replaces CAPRKE2\'s install script or unit (it merges by path and name)', () => {
    const fs = parseButane(`${HEADER}systemd:\n  units:\n    - name: rke2-install.service\n`
      + 'storage:\n  files:\n    - path: /etc/rke2-install.sh\n      contents: {inline: "#!/bin/sh\\n"}\n', { strict: true })
      .findings.filter(f => f.rule === 'butane/overrides-caprke2-base');
    expect(fs.map(f => [f.field, f.severity, f.line])).toEqual([
      ['storage.files[0].path', Severity.WARNING, 8], ['systemd.units[0].name', Severity.WARNING, 5],
    ]);
    expect(fs[0].message).toContain('/etc/rke2-install.sh');
  });

  test('passes other paths and units', () => {
    expect(findings('storage:\n  files:\n    - path: /etc/rke2-install.sh.d\n', 'butane/overrides-caprke2-base')).toEqual([]);
  });
});

describe('header', () => {
  test('warns when variant and version are missing', () => {
    const fs = parseButane('storage: {}\n').findings.filter(f => f.rule === 'butane/variant-version');
    expect(fs.map(f => [f.field, f.severity])).toEqual([['variant', Severity.WARNING], ['version', Severity.WARNING]]);
  });

  test('warns about flatcar, which also makes CAPRKE2 drop its base filesystems', () => {
    const [f] = checkHeader('flatcar', '1.4.0');
    expect(f).toMatchObject({ rule: 'butane/variant-version', field: 'variant', severity: Severity.WARNING });
    expect(f.message).toContain('base filesystems');
  });

  test('warns about another version but stays a warning under strict (CAPRKE2 ignores it)', () => {
    const [f] = parseButane('variant: fcos\nversion: 1.5.0\n', { strict: true }).findings;
    expect(f).toMatchObject({ rule: 'butane/variant-version', field: 'version', severity: Severity.WARNING, line: 2 });
  });

  test('passes fcos 1.4.0', () => {
    expect(checkHeader('fcos', '1.4.0')).toEqual([]);
  });
});

describe('whole-model validation', () => {
  test('reports nothing for a valid model', () => {
    expect(validateButane({
      variant: 'fcos',
      version: '1.4.0',
      units: [{ name: 'a.service', enabled: true, contents: UNIT_OK }],
      directories: [{ path: '/var/lib/x', mode: 0o755 }],
      files: [{ path: '/var/lib/x/y', contents: { inline: 'y' }, mode: 0o644, user: { name: 'root' } }],
      links: [{ path: '/var/lib/z', target: '/var/lib/x' }],
    })).toEqual([]);
  });
});

test('the rules only read the model (ButaneConfig checks its live entries without copying them)', () => {
  const model = parseButane(`${HEADER}systemd:
  units:
    - name: a.service
      enabled: true
      contents: "[Service]\\nExecStart=/bin/true\\n"
      dropins: [{ name: x.conf, contents: "[Service]\\n" }]
    - name: a.service
storage:
  directories: [{ path: /etc/d, mode: 0755 }, { path: /etc/d/f }]
  files:
    - { path: /etc/d/f, mode: 0644, contents: { inline: x }, user: { id: 0, name: root } }
    - { path: /etc/d/f, contents: { source: "data:,x", inline: y } }
  links: [{ path: /etc/l, target: /etc/d/f, hard: true }]
`).model!;
  const before = JSON.stringify(model);
  const frozen = deepFreeze(JSON.parse(before));
  expect(() => validateButane(frozen)).not.toThrow();
  expect(validateButane(frozen)).toEqual(validateButane(JSON.parse(before)));
  expect(validateButane(frozen).length).toBeGreaterThan(0);
});
