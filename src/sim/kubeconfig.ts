// Kubeconfig files: the one clients use to reach the simulator (https on 127.0.0.1, its
// certificate as the CA, a bearer token), and the workload-cluster kubeconfig the control plane writes into
// `<cluster>-kubeconfig` Secrets.
import { dirname } from 'node:path';
import { stringify } from 'yaml';
import { ensureDir, writeFileAtomic } from '../core/atomic-write';

export const SIM_CONTEXT = 'cdk8s-capi-sim';

/**
 * The simulator's kubeconfig: the server's own certificate as the CA (it is self-signed, made
 * at start), and the token the server requires. kubectl sends a token only over https, which
 * is why the simulator speaks TLS at all.
 */
export function simKubeconfig(url: string, token: string, caCert: string, namespace = 'default'): string {
  return stringify({
    'apiVersion': 'v1',
    'kind': 'Config',
    'clusters': [{ name: SIM_CONTEXT, cluster: { 'server': url, 'certificate-authority-data': Buffer.from(caCert, 'utf8').toString('base64') } }],
    'contexts': [{ name: SIM_CONTEXT, context: { cluster: SIM_CONTEXT, user: SIM_CONTEXT, namespace } }],
    'current-context': SIM_CONTEXT,
    'users': [{ name: SIM_CONTEXT, user: { token } }],
    'preferences': {},
  });
}

/**
 * Writes a file readable by its owner only (kubeconfigs hold cluster access): atomically, and
 * never through a symbolic link (refused with UnsafePathError).
 */
export function writePrivateFile(path: string, content: string): void {
  ensureDir(dirname(path));
  writeFileAtomic(path, content, { mode: 0o600 });
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
