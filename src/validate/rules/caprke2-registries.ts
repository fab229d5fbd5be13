// CAPRKE2 `privateRegistriesConfig`: the webhook compares each config with the Go zero value
// (bootstrap/api/v1beta2/rke2config_webhook.go `validateRegistries`); the controller turns the
// configs into registries.yaml (pkg/rke2/registries.go `GenerateRegistries`), reading the TLS and
// auth Secrets they name.
import { RuleContext, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { KIND_NS_NAME, kindNsName, lookup } from '../object-index';

const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A corev1.ObjectReference (or TLSConfig) equal to the Go zero value: no field set to a non-zero value. */
function isZero(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === false || v === 0) return true;
  if (isObj(v)) return Object.values(v).every(isZero);
  return false;
}

/** The Secret a reference names, when it is in the manifest set. */
function secretIn(ctx: RuleContext, ref: any, ns: string): KubeObject | undefined {
  const want = ref?.namespace || ns;
  const candidates = typeof ref?.name === 'string' && typeof want === 'string' ? lookup(ctx.objects, KIND_NS_NAME, kindNsName('Secret', want, ref.name)) : ctx.objects;
  return candidates.find(o => o.kind === 'Secret' && (o.apiVersion === 'v1') && o.metadata?.name === ref?.name
    && (o.metadata?.namespace ?? 'default') === (ref?.namespace || ns));
}

const keysOf = (s: KubeObject) => new Set([...Object.keys((s as any).data ?? {}), ...Object.keys((s as any).stringData ?? {})]);

export function registriesRules(spec: any, base: string, ctx: RuleContext, namespace: string): Finding[] {
  const configs = get(spec, 'privateRegistriesConfig', 'configs');
  if (!isObj(configs)) return [];
  const out: Finding[] = [];
  const names = Object.keys(configs);
  if (names.length > 1) {
    out.push(warning('caprke2/registry-configs', `${base}.privateRegistriesConfig.configs`,
      `${names.length} registry configs (${names.join(', ')}): CAPRKE2 v0.25.0 recreates the configs map for each entry, so registries.yaml keeps only one of them (whichever Go's map order visits last)`,
      'configure one registry per RKE2Config, or put the registries behind one mirror'));
  }
  for (const [reg, c] of Object.entries<any>(configs)) {
    const field = `${base}.privateRegistriesConfig.configs[${reg}]`;
    if (isZero(c?.authSecret) && isZero(c?.tls)) {
      out.push(error('caprke2/registries', field, `need either credentials, tls settings or both for registry: ${reg}`, 'set authSecret (name, namespace) and/or tls.tlsConfigSecret'));
      continue;
    }
    if (!isZero(c?.tls) && !c.tls?.tlsConfigSecret?.name) {
      out.push(error('caprke2/registry-tls-secret', `${field}.tls.tlsConfigSecret`,
        'tls is set but names no tlsConfigSecret: the controller looks up a Secret with an empty name and fails every reconcile, so no bootstrap data is generated',
        'name the Secret holding tls.crt, tls.key and/or ca.crt (insecureSkipVerify alone needs one too)'));
    }
    if (!isZero(c?.authSecret)) {
      const secret = secretIn(ctx, c.authSecret, namespace);
      if (secret) {
        const keys = keysOf(secret);
        if (!(keys.has('username') && keys.has('password')) && !keys.has('identity-token')) {
          out.push(error('caprke2/registry-auth-secret', `${field}.authSecret`,
            `Secret ${secret.metadata?.name} has neither username and password nor identity-token: CAPRKE2 logs "Auth Secret for the registry is missing entries!" and writes an empty registries.yaml`,
            'give the Secret username and password, or identity-token'));
        }
      }
    }
  }
  return out;
}
