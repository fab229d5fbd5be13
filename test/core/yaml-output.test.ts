// The synth output's YAML (js-yaml): what a YAML 1.1 reader (kubectl, go-yaml v2) reads back is
// the data written, and for the data our constructs produce the bytes are cdk8s' Yaml.stringify's.
import { Yaml } from 'cdk8s';
import fc from 'fast-check';
import { load } from 'js-yaml';
import { parseAllDocuments } from 'yaml';
import { yamlDocuments } from '../../src/core/yaml-output';

const read11 = (text: string) => parseAllDocuments(text, { version: '1.1' }).map(d => d.toJS());
const readJsYaml = (text: string) => text.split(/^---\n/m).map(d => load(d));

const TRICKY = ['yes', 'on', 'Off', 'y', 'n', '0644', '0o644', '0x1F', '1_000', '1:20', '1:20.5', '1e3', '1.5', '.5', '.inf', '-.Inf', '.nan', '~', 'null',
  'true', '', ' ', ' a', 'a ', 'a: b', '- x', '#x', 'x #y', '@x', '`x', '%x', '!x', '&x', '*x', '|', '>', '?', '-', '---', '...', '<<', '=',
  'a\nb', 'a\nb\n', 'a\n\nb\n\n', 'trailing space \nx', 'line1\n  indented\n', '\t', 'x\ty', '"q"', '\'s\'', '\u0085', '\u2028', '\ufeff', '\u007f',
  '2001-12-14', '172.16.0.100', '10.0.0.0/8', 'fd00::1', '0c:c4:7a:12:34:56', 'http://x:80/y', '${BMC_PASSWORD}', 'é日本', ' \n', '\n', '  indented\n ', 'a\n  \nb', ' \nx', 'x\n\t'];

test('tricky strings, as values, keys and list items, read back the same under YAML 1.1 and by js-yaml', () => {
  for (const s of TRICKY) {
    const doc = { k: s, [s]: [s], nested: { m: s, n: 1, t: true, z: null } };
    const text = yamlDocuments([doc, { second: s }]);
    expect(read11(text)).toEqual([doc, { second: s }]);
    if (!/^\s*\n\s*$/.test(s)) expect(readJsYaml(text)).toEqual([doc, { second: s }]);
  }
});

test('the bytes of cdk8s\' Yaml.stringify for manifest-like data; undefined is written as null', () => {
  const objects = [
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'site0', labels: { 'cluster-role': 'worker' } }, stringData: { username: '${BMC_U}', password: '${BMC_P}' } },
    { apiVersion: 'x/v1', kind: 'K', spec: { replicas: 3, mode: '0644', vip: '172.16.0.100', cidrs: ['10.0.0.0/8', 'fd00::/64'], on: 'yes', config: 'variant: fcos\nversion: 1.4.0\n', empty: {}, list: [], u: undefined } },
  ];
  expect(yamlDocuments(objects)).toBe(Yaml.stringify(...objects));
});

test('any JSON data reads back the same under YAML 1.1', () => {
  fc.assert(fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 3 }), docs => {
    // JSON.parse(JSON.stringify()) normalizes -0 and the like the way a manifest would carry them.
    const data = JSON.parse(JSON.stringify(docs.map(d => ({ d }))));
    expect(read11(yamlDocuments(data))).toEqual(data);
  }), { numRuns: 300 });
});
