// runSimulate: starts the simulator, writes the kubeconfig where asked (0600), prints how to
// use it, and stops cleanly.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ValidationError } from '../../src/core/errors';
import * as simIndex from '../../src/sim';
import { runSimulate } from '../../src/sim/run-simulation';

test('prints the kubeconfig path and serves until stopped', async () => {
  const out: string[] = [];
  const kubeconfigOut = join(mkdtempSync(join(tmpdir(), 'sim-cli-')), 'nested', 'sim.kubeconfig');
  const run = await runSimulate({ speed: 100, faults: '429:0.01', kubeconfigOut, seed: 1, handleSignals: false, print: l => out.push(l) });
  try {
    expect(run.kubeconfigPath).toBe(kubeconfigOut);
    expect(statSync(kubeconfigOut).mode & 0o777).toBe(0o600);
    expect(parse(readFileSync(kubeconfigOut, 'utf8')).clusters[0].cluster.server).toBe(run.url);
    expect(out).toEqual([
      `simulated management cluster at ${run.url} (speed 100, faults 429:0.01)`,
      `kubeconfig: ${kubeconfigOut}`,
      `  export KUBECONFIG=${kubeconfigOut}`,
    ]);
  } finally {
    await run.stop();
  }
  await run.stopped;
});

test('fails with a ValidationError for a bad fault spec', async () => {
  await expect(runSimulate({ faults: 'teapot:1', handleSignals: false, print: () => undefined })).rejects.toThrow(ValidationError);
});

test('fails for a non-positive speed', async () => {
  await expect(runSimulate({ speed: 0, handleSignals: false, print: () => undefined })).rejects.toThrow(ValidationError);
  await expect(runSimulate({ speed: -3, handleSignals: false, print: () => undefined })).rejects.toThrow('simulator: speed: must be a positive number, got -3');
});

test('the sim index exposes the public API', () => {
  expect(Object.keys(simIndex).sort()).toEqual([
    'ApiError', 'DEFAULT_DURATIONS', 'FAULT_ANNOTATION', 'KubeconfigSecretTiming', 'ManualClock', 'RealClock', 'SimApiServer', 'Simulator', 'WEBHOOK_GROUPS', 'parseFaultSpec',
  ]);
});
