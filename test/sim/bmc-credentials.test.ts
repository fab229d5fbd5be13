// The simulated BMC refuses credentials that cannot be real, the way baremetal-operator reports
// a BMC's 401: an unsubstituted ${VAR} placeholder (or a bare $VAR) fails registration with
// errorType "registration error"; an empty one is BMO's "Missing BMC connection detail". Fixing
// the Secret lets the host register. So the mistake shows offline, before any hardware.
import { applyAll, docs, fixture, get, manualSim } from './helpers';
import { placeholderLike } from '../../src/sim/controllers/bmh';

const MIN = 60_000;

function hostsWithNode1Credentials(username: string, password: string): string {
  return docs(fixture('hosts-control-plane.yaml'))
    .map(d => (d.metadata.name === 'node1-credentials' ? { ...d, stringData: { username, password } } : d))
    .map(d => JSON.stringify(d)).join('\n---\n');
}

test.each([
  ['${BMC_NODE1_PASSWORD}'],
  ['prefix-${BMC_NODE1_PASSWORD}'],
  ['$BMC_NODE1_PASSWORD'],
])('fails registration with a 401 for the password %s, then registers once the Secret is fixed', async password => {
  const { sim, engine } = manualSim();
  applyAll(engine, hostsWithNode1Credentials('admin', password));
  await sim.advance(5 * MIN);
  let h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node1');
  expect(h.status.provisioning.state).toBe('registering');
  expect(h.status.operationalStatus).toBe('error');
  expect(h.status.errorType).toBe('registration error');
  expect(h.status.errorMessage).toMatch(/HTTP GET https:\/\/192\.168\.\d+\.\d+\/redfish\/v1\/Systems\/1 returned code 401\. Base\.1\.0\.GeneralError: Authentication failed$/);
  expect(get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node2').status.operationalStatus).toBe('OK');

  applyAll(engine, hostsWithNode1Credentials('admin', 'the-real-one'));
  await sim.advance(20 * MIN);
  h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node1');
  expect(h.status.operationalStatus).toBe('OK');
  expect(h.status.provisioning.state).toBe('available');
});

test('fails registration for a placeholder user name too, and for an empty password (BMO\'s missing detail)', async () => {
  const { sim, engine } = manualSim();
  applyAll(engine, hostsWithNode1Credentials('${BMC_NODE1_USERNAME}', 'x'));
  await sim.advance(5 * MIN);
  expect(get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node1').status.errorMessage).toMatch(/returned code 401/);

  const other = manualSim();
  applyAll(other.engine, hostsWithNode1Credentials('admin', ''));
  await other.sim.advance(5 * MIN);
  const h = get(other.engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node1');
  expect(h.status.errorType).toBe('registration error');
  expect(h.status.errorMessage).toBe('Missing BMC connection detail \'password\' in credentials');
});

test('placeholderLike', () => {
  expect(placeholderLike('${A}')).toBe(true);
  expect(placeholderLike('x${A:=b}y')).toBe(true);
  expect(placeholderLike(' $A ')).toBe(true);
  expect(placeholderLike('pa$$word')).toBe(false);
  expect(placeholderLike('p$w')).toBe(false);
  expect(placeholderLike('')).toBe(false);
});
