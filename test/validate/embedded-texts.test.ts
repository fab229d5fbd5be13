// Butane texts inside manifests are parsed once per validation run, never across runs (no
// process-wide cache), and a text the caller rendered from a validated model is not parsed at all.
import { ButaneConfig } from '../../src/ignition/butane-config';
import * as parse from '../../src/validate/butane/parse';
import { EmbeddedTexts } from '../../src/validate/embedded-texts';
import { validateObjects } from '../../src/validate/validate';

const config = () => new ButaneConfig().addManifestFile('/var/lib/rancher/rke2/server/manifests/cm.yaml',
  [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'kube-system' }, data: { a: 'b' } }]);

const controlPlane = (text: string) => ({
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'RKE2ControlPlane',
  metadata: { name: 'cp', namespace: 'default' },
  spec: { version: 'v1.36.3+rke2r1', agentConfig: { format: 'ignition', additionalUserData: { config: text } } },
});

afterEach(() => jest.restoreAllMocks());

test('one run parses each text once, however many rules read it; another run parses it again', () => {
  const spy = jest.spyOn(parse, 'parseButane');
  const text = config().toYaml();
  const texts = new EmbeddedTexts();
  texts.parseButane(text);
  texts.parseButane(text);
  expect(texts.parseInline(texts.parseButane(text).model!.files[0].contents!.inline!).objects).toHaveLength(1);
  expect(spy).toHaveBeenCalledTimes(1);
  new EmbeddedTexts().parseButane(text);
  expect(spy).toHaveBeenCalledTimes(2);
});

test('a text rendered from a validated model is taken from the caller, not parsed; any other text is parsed', () => {
  const spy = jest.spyOn(parse, 'parseButane');
  const c = config();
  const rendered = c._rendered()!;
  const results = validateObjects([controlPlane(rendered.text)], { renderedConfigs: [rendered] });
  expect(spy).not.toHaveBeenCalled();
  // (the minimal control plane lacks other fields; nothing is said about its Butane config)
  expect(results.flatMap(r => r.findings).filter(f => f.field.startsWith('spec.agentConfig'))).toEqual([]);
  // The same object edited by escape hatch: a new text, parsed and checked.
  const edited = `${rendered.text}passwd:\n  users:\n    - name: core\n      ssh_authorized_keys: ["1"]\n`;
  const findings = validateObjects([controlPlane(edited)], { renderedConfigs: [rendered] }).flatMap(r => r.findings);
  expect(spy).toHaveBeenCalled();
  expect(findings.map(f => f.message)).toContain('"1" is not an SSH public key; Ignition writes it as given and sshd ignores it');
});

test('only a strict config vouches for its text', () => {
  expect(new ButaneConfig({ strict: false })._rendered()).toBeUndefined();
  expect(config()._rendered()?.inline.size).toBe(1);
});
