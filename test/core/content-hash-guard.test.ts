import { contentHashGuard } from '../../src/core/content-hash-guard';

const spec = { template: { spec: { image: { url: 'http://img/a.raw', checksum: 'http://img/a.raw.sha256' }, hostSelector: { matchLabels: { role: 'cp' } } } } };
const guard = contentHashGuard({ name: 'site1-controlplane-0a1b2c3d', spec: () => spec, props: 'image' });
const object = (s: unknown, name = 'site1-controlplane-0a1b2c3d') => ({ apiVersion: 'v1', kind: 'X', metadata: { name }, spec: s });

describe('contentHashGuard', () => {
  test('the hashed spec passes, whatever its key order', () => {
    expect(guard(object({ template: { spec: { hostSelector: { matchLabels: { role: 'cp' } }, image: { checksum: 'http://img/a.raw.sha256', url: 'http://img/a.raw' } } } }))).toEqual([]);
  });

  test('fails for a changed spec under the same name, naming the first changed field, the hash and the fixes', () => {
    const changed = structuredClone(spec);
    changed.template.spec.image.url = 'http://img/b.raw';
    const [f] = guard(object(changed));
    expect(f.field).toBe('spec.template.spec.image.url');
    expect(f.message).toMatch(/changed after construction, but the name still carries the hash of the original content \(0a1b2c3d\); CAPI rolls machines only when/);
    expect(f.hint).toMatch(/change the construct props instead \(image\).*or give the template a new metadata.name/);
  });

  test('fails for an added or removed field, naming it', () => {
    expect(guard(object({ ...spec, nodeReuse: true }))[0].field).toBe('spec.nodeReuse');
    expect(guard(object({}))[0].field).toBe('spec.template');
  });

  test('a template renamed by the escape hatch may carry other content', () => {
    expect(guard(object({}, 'site1-controlplane-v2'))).toEqual([]);
  });

  test('a proof that nothing changed spares the comparison', () => {
    const spared = contentHashGuard({ name: 'site1-controlplane-0a1b2c3d', spec: () => { throw new Error('not needed'); }, props: 'image', unchanged: () => true });
    expect(spared(object({}))).toEqual([]);
  });
});
