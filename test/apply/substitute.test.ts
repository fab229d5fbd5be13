// ${VAR} substitution with Flux's post-build semantics (strict mode), in string values only;
// errors name variables, objects and fields, never a value.
import { SUBSTITUTE_ANNOTATION, SubstitutionError, expand, hasPlaceholder, substitute } from '../../src/apply/substitute';
import { KubeObject } from '../../src/core/kube-object';

const vars = { USER: 'admin', PASS: 's3cr3t-Pa55', EMPTY: '', HOST: '10.0.0.1' };
const lookup = (n: string) => (n in vars ? (vars as Record<string, string>)[n] : undefined);
const x = (s: string) => expand(s, lookup);

const secret = (stringData: Record<string, string>, extra: Partial<KubeObject> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'Secret', metadata: { name: 'node1-credentials', namespace: 'site-1' }, type: 'Opaque', stringData, ...extra,
} as KubeObject);

function problemsOf(f: () => unknown): SubstitutionError {
  try {
    f();
  } catch (e) {
    if (e instanceof SubstitutionError) return e;
    throw e;
  }
  throw new Error('expected a SubstitutionError');
}

describe('expand: the grammar', () => {
  test.each([
    ['${USER}', 'admin'],
    ['u=${USER} p=${PASS}', 'u=admin p=s3cr3t-Pa55'],
    ['${EMPTY}', ''],
    ['${NOPE:=fallback}', 'fallback'],
    ['${NOPE=fallback}', 'fallback'],
    ['${NOPE:-fallback}', 'fallback'],
    ['${NOPE-fallback}', 'fallback'],
    ['${EMPTY:=fallback}', 'fallback'],
    // Flux (fluxcd/pkg envsubst toDefault) uses the default for an empty value in every form
    ['${EMPTY-fallback}', 'fallback'],
    ['${USER:=fallback}', 'admin'],
    ['${NOPE:=}', ''],
    ['${NOPE:=${USER}-x}', 'admin-x'],
    ['${NOPE:=a${NOPE2:=b}c}', 'abc'],
    ['$${USER}', '${USER}'],
    ['$$USER', '$USER'],
    ['cost $5', 'cost $5'],
    ['$USER', '$USER'],
    ['a$', 'a$'],
    ['{USER}', '{USER}'],
    ['https://${HOST}:6443', 'https://10.0.0.1:6443'],
  ])('%s → %s', (input, output) => {
    const r = x(input);
    expect(r.error).toBeUndefined();
    expect(r.missing).toEqual([]);
    expect(r.text).toBe(output);
  });

  test('an unset variable is reported as missing', () => {
    expect(x('${NOPE} and ${PASS} and ${NOPE}')).toEqual(expect.objectContaining({ missing: ['NOPE', 'NOPE'], used: ['NOPE', 'PASS', 'NOPE'] }));
  });

  test.each([
    ['${#USER}', 'unsupported form ${#…}'],
    ['${USER^^}', 'unsupported form ${USER^…}'],
    ['${USER/a/b}', 'unsupported form ${USER/…}'],
    ['${USER:0:2}', 'unsupported form ${USER:…}'],
    ['${USER:?x}', 'unsupported form ${USER:…}'],
    ['${USER+x}', 'unsupported form ${USER+…}'],
    ['${}', 'empty ${}'],
    ['${1A}', 'bad substitution: a variable name cannot start with a digit'],
    ['${-x}', 'bad substitution: ${ must be followed by a variable name'],
    ['pa${ss', 'unterminated ${'],
    ['${NOPE:=abc', 'unterminated ${'],
  ])('%s fails: %s', (input, message) => {
    const r = x(input);
    expect(r.error).toContain(message);
    expect(r.text).toBe(input);
  });

  test('an error about a malformed placeholder does not quote what follows the name', () => {
    expect(x('pa${ss-w0rd').error).not.toMatch(/w0rd/);
    expect(x('x${ab').error).not.toMatch(/ab/);
  });

  test('hasPlaceholder', () => {
    expect(hasPlaceholder('${A}')).toBe(true);
    expect(hasPlaceholder('x ${A:=1} y')).toBe(true);
    expect(hasPlaceholder('${A')).toBe(true);
    expect(hasPlaceholder('$${A}')).toBe(false);
    expect(hasPlaceholder('$A {A}')).toBe(false);
  });
});

describe('substitute: objects', () => {
  test('substitutes stringData and every other string value, not keys, numbers or booleans; the input is untouched', () => {
    const input: KubeObject[] = [
      secret({ username: '${USER}', password: '${PASS}' }),
      {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name: 'node1', namespace: 'site-1', labels: { '${USER}': 'x' } },
        spec: { bmc: { address: 'redfish://${HOST}/redfish/v1/Systems/1', credentialsName: 'node1-credentials' }, online: true, replicas: 3, list: ['${USER}', 1] },
      } as KubeObject,
    ];
    const copy = JSON.parse(JSON.stringify(input));
    const r = substitute(input, vars);
    expect(r.objects[0].stringData).toEqual({ username: 'admin', password: 's3cr3t-Pa55' });
    expect(r.objects[1].spec).toEqual({ bmc: { address: 'redfish://10.0.0.1/redfish/v1/Systems/1', credentialsName: 'node1-credentials' }, online: true, replicas: 3, list: ['admin', 1] });
    expect(r.objects[1].metadata?.labels).toEqual({ '${USER}': 'x' });
    expect(r.used).toEqual(['HOST', 'PASS', 'USER']);
    expect(new Set(r.values)).toEqual(new Set(['admin', 's3cr3t-Pa55', '10.0.0.1']));
    expect(input).toEqual(copy);
  });

  test('fails listing every unset variable with the objects and fields, never a value', () => {
    const e = problemsOf(() => substitute([
      secret({ username: '${BMC_NODE1_USERNAME}', password: '${BMC_NODE1_PASSWORD}', other: '${PASS}' }),
      secret({ password: 'prefix-${BMC_NODE1_PASSWORD}' }, { metadata: { name: 'node2-credentials' } }),
    ], vars));
    expect(e.missing).toEqual(['BMC_NODE1_PASSWORD', 'BMC_NODE1_USERNAME']);
    expect(e.message).toBe([
      'unresolved placeholders, nothing was applied: variables not set: BMC_NODE1_PASSWORD, BMC_NODE1_USERNAME',
      '  Secret site-1/node1-credentials stringData.username: ${BMC_NODE1_USERNAME} not set',
      '  Secret site-1/node1-credentials stringData.password: ${BMC_NODE1_PASSWORD} not set',
      '  Secret node2-credentials stringData.password: ${BMC_NODE1_PASSWORD} not set',
      'set them in the environment or in a file given with --env-file (KEY=VALUE lines)',
    ].join('\n'));
    expect(e.message).not.toContain('s3cr3t');
  });

  test('a variable set to the empty string is set (Flux strict mode)', () => {
    expect(substitute([secret({ password: '${EMPTY}' })], vars).objects[0].stringData).toEqual({ password: '' });
  });

  test('fails for a placeholder in base64 data, raw or encoded, without naming what is inside', () => {
    const e = problemsOf(() => substitute([
      secret({}, { stringData: undefined, data: { password: Buffer.from('${PASS}').toString('base64'), username: '${USER}', fine: Buffer.from('plain').toString('base64') } }),
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, binaryData: { blob: Buffer.from('x ${TOKEN} y').toString('base64') }, data: { ok: '${USER}' } } as KubeObject,
    ], vars));
    expect(e.problems.map(p => `${p.object} ${p.field} ${p.reason}`)).toEqual([
      'Secret site-1/node1-credentials data.password base64',
      'Secret site-1/node1-credentials data.username base64',
      'ConfigMap cm binaryData.blob base64',
    ]);
    expect(e.problems[0].detail).toBe('a ${…} placeholder in base64 data is not substituted (the API server would store it as is); '
      + `move it to stringData, or annotate the object ${SUBSTITUTE_ANNOTATION}: disabled if it is meant literally`);
    expect(e.message).toMatch(/placeholders belong in Secret stringData \(substituted as text\), never in base64 data$/);
    expect(e.message).not.toMatch(/TOKEN|PASS\b/);
  });

  test('ConfigMap data is text and is substituted', () => {
    const r = substitute([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, data: { ok: '${USER}' } } as KubeObject], vars);
    expect(r.objects[0].data).toEqual({ ok: 'admin' });
  });

  test('the substitute: disabled label or annotation opts an object out, placeholders and all', () => {
    const byLabel = secret({ password: '${NOT_SET}' }, { metadata: { name: 'a', labels: { [SUBSTITUTE_ANNOTATION]: 'disabled' } } });
    const byAnnotation = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'script', annotations: { [SUBSTITUTE_ANNOTATION]: 'disabled' } }, data: { 'run.sh': 'echo ${HOME}' } } as KubeObject;
    const r = substitute([byLabel, byAnnotation], {});
    expect(r.objects).toEqual([byLabel, byAnnotation]);
  });

  test('fails for a malformed placeholder, naming the field', () => {
    const e = problemsOf(() => substitute([secret({ password: '${PASS' })], vars));
    expect(e.problems).toEqual([{ object: 'Secret site-1/node1-credentials', field: 'stringData.password', reason: 'syntax', variables: [], detail: 'unterminated ${ (a literal $ is written $$)' }]);
  });

  test('field paths: nested, lists, keys that are not identifiers', () => {
    const e = problemsOf(() => substitute([{
      apiVersion: 'x/v1', kind: 'K', metadata: { name: 'n', annotations: { 'a.b/c': '${Z}' } }, spec: { files: [{ content: '${Z}' }] },
    } as KubeObject], {}));
    expect(e.problems.map(p => p.field)).toEqual(['metadata.annotations[a.b/c]', 'spec.files[0].content']);
  });
});
