// A throwaway TLS certificate for the simulator, made at every start (the `selfsigned` package:
// an ECDSA P-256 key and an X.509 v3 certificate for 127.0.0.1 and localhost). TLS is what lets
// the simulator require a bearer token: kubectl (client-go) sends credentials only over https.
// The certificate goes into the kubeconfig as `certificate-authority-data`, so clients verify
// the server instead of skipping verification.
import { X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';

export interface SelfSignedCert {
  /** PEM certificate (also the CA clients trust). */
  readonly cert: string;
  /** PEM PKCS#8 private key. */
  readonly key: string;
}

/** Makes a key and a certificate valid from an hour ago for `days` days. */
export async function selfSignedCert(opts: { commonName?: string; days?: number; now?: Date } = {}): Promise<SelfSignedCert> {
  const now = opts.now ?? new Date();
  const pems = await generate([{ name: 'commonName', value: opts.commonName ?? 'cdk8s-capi simulator' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 3_600_000),
    notAfterDate: new Date(now.getTime() + (opts.days ?? 30) * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true }, // its own trust anchor
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
    ],
  });
  // Parsing it back catches a surprise here rather than in a client.
  new X509Certificate(pems.cert);
  return { cert: pems.cert, key: pems.private };
}
