// Rollout arithmetic as upstream computes it: CAPI's fenceposts for MachineDeployments (surge
// rounds up, unavailable rounds down, never both zero), CAPRKE2's IntValue() for control planes,
// and the spare hosts a rollout needs on bare metal.
import {
  RolloutOwner, controlPlaneStrategy, intValue, machineDeploymentStrategy, resolveFenceposts, scaledValue, spareHostsNeeded,
} from '../../src/core/rollout';

test('GetScaledValueFromIntOrPercent: numbers as they are, percentages of the total rounded as asked, anything else undefined', () => {
  expect(scaledValue(2, 10, true)).toBe(2);
  expect(scaledValue('25%', 3, true)).toBe(1);
  expect(scaledValue('25%', 3, false)).toBe(0);
  expect(scaledValue('50%', 5, true)).toBe(3);
  expect(scaledValue('50%', 5, false)).toBe(2);
  expect(scaledValue('2', 5, true)).toBeUndefined();
  expect(scaledValue(undefined, 5, true)).toBeUndefined();
});

test('IntValue: a percentage string is 0, a numeric string its number', () => {
  expect(intValue('50%')).toBe(0);
  expect(intValue('1')).toBe(1);
  expect(intValue(1)).toBe(1);
  expect(intValue(undefined)).toBe(0);
});

test.each([
  // [maxSurge, maxUnavailable, replicas, surge, unavailable] — the examples of CAPI's ResolveFenceposts
  ['0%', '1%', 2, 0, 1],
  ['1%', '25%', 2, 1, 0],
  ['1%', '0%', 1, 1, 0],
  [0, 0, 3, 0, 1],
  ['34%', '34%', 3, 2, 1],
  [undefined, undefined, 3, 1, 0],
])('fenceposts of maxSurge %j, maxUnavailable %j at %d replicas: surge %d, unavailable %d', (s, u, n, surge, unavailable) => {
  expect(resolveFenceposts(s, u, n)).toEqual({ maxSurge: surge, maxUnavailable: unavailable });
});

describe('strategies', () => {
  const md = (strategy: object, replicas = 3) => ({ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'MachineDeployment', spec: { replicas, rollout: { strategy } } });

  test('a MachineDeployment: v1beta2 and v1beta1 shapes, defaults maxSurge 1 / maxUnavailable 0, OnDelete surges nothing', () => {
    expect(machineDeploymentStrategy(md({}))).toEqual({ owner: RolloutOwner.MACHINE_DEPLOYMENT, replicas: 3, maxSurge: 1, maxUnavailable: 0, surgeField: 'spec.rollout.strategy.rollingUpdate.maxSurge' });
    expect(machineDeploymentStrategy(md({ rollingUpdate: { maxSurge: '50%', maxUnavailable: '50%' } }))).toMatchObject({ maxSurge: 2, maxUnavailable: 1 });
    expect(machineDeploymentStrategy({ spec: { replicas: 2, strategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } } } }))
      .toMatchObject({ maxSurge: 0, maxUnavailable: 1, surgeField: 'spec.strategy.rollingUpdate.maxSurge' });
    expect(machineDeploymentStrategy(md({ type: 'OnDelete' })).maxSurge).toBe(0);
  });

  test('a control plane: maxSurge 1 by default, a percentage counts as 0', () => {
    expect(controlPlaneStrategy({ spec: { replicas: 3 } })).toMatchObject({ owner: RolloutOwner.CONTROL_PLANE, replicas: 3, maxSurge: 1 });
    expect(controlPlaneStrategy({ spec: { replicas: 3, rolloutStrategy: { rollingUpdate: { maxSurge: '100%' } } } }).maxSurge).toBe(0);
    expect(controlPlaneStrategy({ spec: {} }).replicas).toBe(1);
  });

  test('spare hosts: one per surge machine, never more than the replicas of a MachineDeployment', () => {
    expect(spareHostsNeeded(machineDeploymentStrategy(md({ rollingUpdate: { maxSurge: 5 } }, 2)))).toBe(2);
    expect(spareHostsNeeded(machineDeploymentStrategy(md({ rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } })))).toBe(0);
    expect(spareHostsNeeded(machineDeploymentStrategy(md({}, 0)))).toBe(0);
    expect(spareHostsNeeded(controlPlaneStrategy({ spec: { replicas: 3 } }))).toBe(1);
  });
});
