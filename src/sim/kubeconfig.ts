// Kubeconfig files: the one clients use to reach the simulator (plain http on 127.0.0.1, no
// credentials), and the workload-cluster kubeconfig the control plane writes into
// `<cluster>-kubeconfig` Secrets.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stringify } from 'yaml';

export const SIM_CONTEXT = 'cdk8s-capi-sim';

/**
 * The simulator's kubeconfig. The server is plain http; @kubernetes/client-node 1.4 refuses an
 * http server unless `insecure-skip-tls-verify` is set (there is no TLS to verify), and
 * kubectl accepts it too, so it is set.
 */
export function simKubeconfig(url: string, namespace = 'default'): string {
  return stringify({
    'apiVersion': 'v1',
    'kind': 'Config',
    'clusters': [{ name: SIM_CONTEXT, cluster: { 'server': url, 'insecure-skip-tls-verify': true } }],
    'contexts': [{ name: SIM_CONTEXT, context: { cluster: SIM_CONTEXT, user: SIM_CONTEXT, namespace } }],
    'current-context': SIM_CONTEXT,
    'users': [{ name: SIM_CONTEXT, user: {} }],
    'preferences': {},
  });
}

/** Writes a file readable by its owner only (kubeconfigs hold cluster access). */
export function writePrivateFile(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content, { mode: 0o600 });
  // writeFileSync's mode only applies to new files; an existing file keeps its mode otherwise.
  chmodSync(path, 0o600);
}

// A fixed, syntactically valid (not cryptographically meaningful) PEM stand-in; a simulated
// workload cluster has no real CA.
const FAKE_PEM = (label: string) => `-----BEGIN ${label}-----\nU0lNVUxBVEVELWJ5LWNkazhzLWNhcGk=\n-----END ${label}-----\n`;

/** The kubeconfig a control plane provider stores for a workload cluster. */
export function workloadKubeconfig(clusterName: string, host: string, port: number): string {
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  const server = `https://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
  const user = `${clusterName}-admin`;
  return stringify({
    'apiVersion': 'v1',
    'kind': 'Config',
    'clusters': [{ name: clusterName, cluster: { 'server': server, 'certificate-authority-data': b64(FAKE_PEM('CERTIFICATE')) } }],
    'contexts': [{ name: `${user}@${clusterName}`, context: { cluster: clusterName, user } }],
    'current-context': `${user}@${clusterName}`,
    'users': [{ name: user, user: { 'client-certificate-data': b64(FAKE_PEM('CERTIFICATE')), 'client-key-data': b64(FAKE_PEM('RSA PRIVATE KEY')) } }],
    'preferences': {},
  });
}
