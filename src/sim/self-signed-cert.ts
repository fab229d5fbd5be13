// A throwaway TLS certificate for the simulator, made at every start: an ECDSA P-256 key and a
// self-signed X.509 v3 certificate for 127.0.0.1 and localhost, DER-encoded here (Node can
// make keys and signatures but not certificates). TLS is what lets the simulator require a
// bearer token: kubectl (client-go) sends credentials only over https. The certificate goes
// into the kubeconfig as `certificate-authority-data`, so clients verify the server instead of
// skipping verification.
import { KeyObject, X509Certificate, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

export interface SelfSignedCert {
  /** PEM certificate (also the CA clients trust). */
  readonly cert: string;
  /** PEM PKCS#8 private key. */
  readonly key: string;
}

function len(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

const tlv = (tag: number, content: Uint8Array | number[]): Buffer => Buffer.from([tag, ...len(content.length), ...content]);
const seq = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items));

function integer(bytes: Uint8Array): Buffer {
  let b = Buffer.from(bytes);
  while (b.length > 1 && b[0] === 0 && !(b[1] & 0x80)) b = b.subarray(1);
  if (b[0] & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}

function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const out = [40 * arcs[0] + arcs[1]];
  for (const arc of arcs.slice(2)) {
    const chunk: number[] = [];
    let v = arc;
    do {
      chunk.unshift(v & 0x7f);
      v = Math.floor(v / 128);
    } while (v > 0);
    for (let i = 0; i < chunk.length - 1; i++) chunk[i] |= 0x80;
    out.push(...chunk);
  }
  return tlv(0x06, out);
}

function time(d: Date): Buffer {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const body = `${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  const y = d.getUTCFullYear();
  // RFC 5280: UTCTime through 2049, GeneralizedTime from 2050.
  return y < 2050 ? tlv(0x17, Buffer.from(`${p(y % 100)}${body}`, 'ascii')) : tlv(0x18, Buffer.from(`${p(y, 4)}${body}`, 'ascii'));
}

const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn, 'utf8')))));
const extension = (id: string, critical: boolean, value: Buffer) => seq(oid(id), ...(critical ? [tlv(0x01, [0xff])] : []), tlv(0x04, value));

const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';

/** Makes a key and a certificate valid from an hour ago for `days` days. */
export function selfSignedCert(opts: { commonName?: string; days?: number; now?: Date } = {}): SelfSignedCert {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const now = opts.now ?? new Date();
  const notBefore = new Date(now.getTime() - 3_600_000);
  const notAfter = new Date(now.getTime() + (opts.days ?? 30) * 86_400_000);
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  const subject = name(opts.commonName ?? 'cdk8s-capi simulator');
  const san = seq(tlv(0x87, [127, 0, 0, 1]), tlv(0x82, Buffer.from('localhost', 'ascii')));
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))), // v3
    integer(serial),
    seq(oid(ECDSA_WITH_SHA256)),
    subject,
    seq(time(notBefore), time(notAfter)),
    subject,
    (publicKey as KeyObject).export({ type: 'spki', format: 'der' }),
    tlv(0xa3, seq(
      extension('2.5.29.19', true, seq(tlv(0x01, [0xff]))), // basicConstraints: CA (it is its own trust anchor)
      extension('2.5.29.15', true, tlv(0x03, [0x02, 0x84])), // keyUsage: digitalSignature, keyCertSign
      extension('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))), // extKeyUsage: serverAuth
      extension('2.5.29.17', false, san), // subjectAltName: IP 127.0.0.1, DNS localhost
    )),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, seq(oid(ECDSA_WITH_SHA256)), tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const cert = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  // Parsing it back catches an encoding mistake here rather than in a client.
  new X509Certificate(cert);
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
}
