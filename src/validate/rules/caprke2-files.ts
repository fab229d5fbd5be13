// CAPRKE2 `spec.files[]`: the webhook's checks, and what the bootstrap controller does with each
// file. With `agentConfig.format: ignition` the files are pasted into CAPRKE2's own Butane template
// (bootstrap/internal/ignition/butane/butane.go `butaneTemplate`), which is translated strictly:
// the path goes in verbatim, `permissions` becomes an unquoted YAML `mode`, `encoding: base64`
// content becomes `inline: !!binary`, and a path CAPRKE2 writes itself is a duplicate node. With
// cloud-config they become cloud-init `write_files` (bootstrap/internal/cloudinit/cloudinit.go).
import { get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { decodeGoBase64 } from '../butane/data-url';
import { MAX_MODE, hasSpecialBits, looksDecimal, octalLiteral } from '../butane/mode';
import { cleanPath } from '../butane/paths';

/** Which of CAPRKE2's own outputs a spec produces (they decide which paths it writes). */
export interface SpecRole {
  /** A control plane (RKE2ControlPlane, its template): CAPRKE2 also writes the cluster CA files. */
  readonly controlPlane: boolean;
}

/** Paths CAPRKE2 v0.25.0 writes into the same Ignition storage list as `spec.files`, for a spec. */
export function caprke2WrittenFiles(spec: any, role: SpecRole): Map<string, string> {
  const out = new Map<string, string>([
    ['/etc/ssh/sshd_config.d/010-rke2.conf', 'the sshd drop-in of its base config'],
    ['/etc/rke2-install.sh', 'its install script'],
    ['/etc/rancher/rke2/config.yaml', 'the RKE2 config'],
    ['/etc/rancher/rke2/registries.yaml', 'the registries config'],
  ]);
  const agent = get(spec, 'agentConfig') ?? {};
  const server = get(spec, 'serverConfig') ?? {};
  const servers = get(agent, 'ntp', 'servers');
  if (Array.isArray(servers) && servers.length > 0) out.set('/etc/chrony.conf', 'the chrony config it writes for agentConfig.ntp');
  if (agent.cisProfile) out.set('/opt/rke2-cis-script.sh', 'the CIS preparation script for agentConfig.cisProfile');
  if (agent.imageCredentialProviderConfigMap) out.set('/etc/rancher/rke2/credential-config.yaml', 'the image credential provider config');
  if (agent.resolvConf) out.set('/etc/rancher/rke2/resolv.conf', 'the resolv.conf of agentConfig.resolvConf');
  if (role.controlPlane) {
    if (server.auditPolicySecret) out.set('/etc/rancher/rke2/audit-policy.yaml', 'the audit policy of serverConfig.auditPolicySecret');
    if (server.cloudProviderConfigMap) out.set('/etc/rancher/rke2/cloud-provider-config', 'the cloud provider config');
    if (get(server, 'etcd', 'backupConfig', 's3', 'endpointCASecret')) out.set('/etc/rancher/rke2/etcd-s3-ca.crt', 'the etcd S3 endpoint CA');
    if (get(server, 'secretsEncryption', 'encryptionKeySecret')) out.set('/var/lib/rancher/rke2/server/cred/encryption-config.json', 'the secrets encryption config');
    for (const f of ['server-ca', 'client-ca', 'etcd/peer-ca', 'etcd/server-ca']) {
      for (const ext of ['crt', 'key']) out.set(`/var/lib/rancher/rke2/server/tls/${f}.${ext}`, 'a cluster CA file of the control plane');
    }
  }
  return out;
}

/** The registry TLS files CAPRKE2 writes when the TLS Secret has the key (unknown here). */
function registryTlsFiles(spec: any): string[] {
  const configs = get(spec, 'privateRegistriesConfig', 'configs');
  const anyTls = configs && typeof configs === 'object' && Object.values<any>(configs).some(c => c?.tls && Object.keys(c.tls).length > 0);
  return anyTls ? ['tls.crt', 'tls.key', 'ca.crt'].map(f => `/etc/rancher/rke2/tls/${f}`) : [];
}

/**
 * `permissions` as go-yaml reads an unquoted scalar into Butane's integer `mode`: `0644`, `0o644`,
 * `0x1a4` or decimal; undefined when it is not an integer.
 */
export function goYamlInt(text: string): number | undefined {
  const s = text.replace(/_/g, '');
  let m: RegExpExecArray | null;
  if ((m = /^([-+]?)0o?([0-7]+)$/.exec(s))) return (m[1] === '-' ? -1 : 1) * parseInt(m[2], 8);
  if ((m = /^([-+]?)0x([0-9a-fA-F]+)$/.exec(s))) return (m[1] === '-' ? -1 : 1) * parseInt(m[2], 16);
  if (/^[-+]?(0|[1-9][0-9]*)$/.test(s)) return parseInt(s, 10);
  return undefined;
}

/** Why CAPRKE2's strict render of the base config refuses this `permissions`, if it does. */
function ignitionModeProblem(permissions: string): string | undefined {
  const mode = goYamlInt(permissions);
  if (mode === undefined) return 'it is pasted unquoted into the Butane mode, which must be an integer';
  if (mode < 0 || mode > MAX_MODE) return 'illegal file mode (0 to 07777)';
  if (looksDecimal(mode, false)) {
    return `read as decimal ${mode} (octal ${octalLiteral(mode)}): Butane's "unreasonable mode would be reasonable if specified in octal" warning fails the strict render`;
  }
  if (hasSpecialBits(mode)) return 'setuid/setgid/sticky bits draw an Ignition 3.3 warning, which fails the strict render';
  return undefined;
}

/** Leading spaces of a line. */
const indentOf = (line: string) => /^ */.exec(line)![0].length;

/**
 * Both templates paste `content` as a YAML literal block, each line indented by the same amount:
 * the block's indentation is taken from its first non-empty line, so a later line indented less
 * ends the block early and the rest is read as YAML structure.
 */
function contentIndentProblem(content: string): number | undefined {
  const lines = content.split('\n');
  const first = lines.findIndex(l => l.trim() !== '');
  if (first < 0) return undefined;
  const indent = indentOf(lines[first]);
  if (indent === 0) return undefined;
  for (let i = first + 1; i < lines.length; i++) {
    if (lines[i].trim() !== '' && indentOf(lines[i]) < indent) return i + 1;
  }
  return undefined;
}

export function filesRules(spec: any, base: string, role: SpecRole): Finding[] {
  const files = get(spec, 'files');
  if (!Array.isArray(files)) return [];
  const ignition = (get(spec, 'agentConfig', 'format') ?? 'cloud-config') === 'ignition';
  const written = ignition ? caprke2WrittenFiles(spec, role) : new Map<string, string>();
  const tls = ignition ? registryTlsFiles(spec) : [];
  const seen = new Map<string, number>();
  const out: Finding[] = [];
  files.forEach((f, i) => {
    if (!f || typeof f !== 'object') return;
    const at = `${base}.files[${i}]`;
    if (ignition && (f.encoding === 'gzip' || f.encoding === 'gzip+base64')) {
      out.push(error('caprke2/files', `${at}.encoding`, `encoding ${f.encoding} is not supported when spec.format is set to "ignition"`, 'use base64 or no encoding'));
    }
    // contentFrom with both secret and configMap: the CRD's CEL rule (the CEL layer reports it).
    if (typeof f.permissions === 'string' && f.permissions !== '') {
      if (ignition) {
        const problem = ignitionModeProblem(f.permissions);
        if (problem) {
          out.push(error('caprke2/files-permissions', `${at}.permissions`, `${JSON.stringify(f.permissions)}: ${problem}; CAPRKE2 cannot render the bootstrap data`,
            'write an octal mode with a leading zero, e.g. "0644"'));
        }
      } else if (!/^(0o)?[0-7]+$/.test(f.permissions)) {
        out.push(warning('caprke2/files-permissions', `${at}.permissions`, `${JSON.stringify(f.permissions)} is not an octal mode: cloud-init cannot decode it and writes the file with 0644`,
          'write an octal mode, e.g. "0644"'));
      }
    }
    if (typeof f.content === 'string') {
      const line = contentIndentProblem(f.content);
      if (line !== undefined) {
        out.push(error('caprke2/files-content', `${at}.content`,
          `line ${line} is indented less than the first line: CAPRKE2 pastes content into a YAML block whose indentation comes from the first line, so the block ends early and the bootstrap data is broken`,
          'indent the first line no more than any later line (or use encoding: base64)'));
      }
    }
    if (!ignition) return;
    const path = f.path;
    if (typeof path === 'string') {
      if (!path.startsWith('/')) {
        out.push(error('caprke2/files-path', `${at}.path`, `path ${JSON.stringify(path)} not absolute: Ignition refuses it, so CAPRKE2 cannot render the bootstrap data`, `use ${JSON.stringify(cleanPath(`/${path}`))}`));
      } else if (cleanPath(path) !== path) {
        out.push(error('caprke2/files-path', `${at}.path`, `path ${JSON.stringify(path)} is not fully simplified: Ignition refuses it, so CAPRKE2 cannot render the bootstrap data`, `use ${JSON.stringify(cleanPath(path))}`));
      }
      const own = written.get(path);
      const first = seen.get(path);
      if (own) {
        out.push(error('caprke2/files-collision', `${at}.path`, `${path} is also ${own}, written by CAPRKE2 in the same Ignition config: duplicate entry defined`,
          'CAPRKE2 renders the bootstrap data only when every path is unique; configure the file through its CAPRKE2 field, or pick another path'));
      } else if (first !== undefined) {
        out.push(error('caprke2/files-collision', `${at}.path`, `${path} is also ${base}.files[${first}]: duplicate entry defined`, 'write each path once'));
      } else if (tls.includes(path)) {
        out.push(warning('caprke2/files-collision', `${at}.path`, `${path} is written by CAPRKE2 when the registry TLS Secret has that key; then the Ignition config has a duplicate entry`,
          'pick another path, or leave the registry certificates to privateRegistriesConfig'));
      }
      if (first === undefined) seen.set(path, i);
    }
    if (f.encoding === 'base64' && typeof f.content === 'string' && !decodeGoBase64(f.content)) {
      out.push(error('caprke2/files-base64', `${at}.content`, 'encoding base64, but the content is not valid base64: CAPRKE2 renders it as inline: !!binary and the Butane translation fails',
        'give padded standard base64 (line breaks are fine), or drop encoding'));
    }
  });
  return out;
}
