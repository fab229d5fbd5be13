// kubectl in its own process, against a kubeconfig of the simulator.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs kubectl against a kubeconfig with a private discovery cache. Asynchronous on purpose:
 * the simulated server runs on this process's event loop.
 */
export function kubectl(kubeconfig: string, args: string[], input?: string,
  timeoutMs = 90_000): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise(resolve => {
    const child = spawn('kubectl', ['--kubeconfig', kubeconfig, '--cache-dir', kubectlCacheDir(), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', d => (stdout += d));
    child.stderr.on('data', d => (stderr += d));
    child.on('close', code => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(input ?? '');
  });
}

let cache: string | undefined;
function kubectlCacheDir(): string {
  cache ??= mkdtempSync(join(tmpdir(), 'sim-kubectl-cache-'));
  return cache;
}
