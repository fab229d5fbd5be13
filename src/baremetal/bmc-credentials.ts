// How a host's BMC username and password reach the cluster. Never plaintext by default:
// the synthesized manifests are meant to be committed to Git.

/** Context key an app sets to `true` to allow `BmcCredentials.plaintext()`. */
export const ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT = 'cdk8s-capi/allowPlaintextBmcCredentials';

export enum BmcCredentialsStrategy {
  /** A Secret that already exists in the cluster; nothing is emitted. */
  EXISTING_SECRET = 'existing-secret',
  /** A Secret with `${VAR}` placeholders in stringData, for envsubst or Flux post-build substitution. */
  ENV_PLACEHOLDERS = 'env-placeholders',
  /** A Secret with the literal values (explicit opt-in only). */
  PLAINTEXT = 'plaintext',
}

import { checkDns1123Subdomain } from '../core/names';

const ENV_VAR = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MARKER = Symbol.for('cdk8s-capi.BmcCredentials');

/** The BMC credentials of a host (or a group of hosts sharing them). */
export abstract class BmcCredentials {
  /** True for a value made by one of the factories (plain objects shaped alike are not). */
  static isBmcCredentials(x: unknown): x is BmcCredentials {
    return typeof x === 'object' && x !== null && (x as any)[MARKER] === true;
  }
  /**
   * Reference a Secret that already exists in the host's namespace (keys `username` and
   * `password`). Nothing is synthesized.
   */
  static fromExistingSecret(secretName: string): BmcCredentials {
    return new ExistingSecretCredentials(secretName);
  }

  /**
   * Emit a Secret whose values are `${USER_VAR}` / `${PASS_VAR}` placeholders in `stringData`,
   * filled at apply time by envsubst or Flux post-build substitution.
   */
  static fromEnv(usernameVar: string, passwordVar: string): BmcCredentials {
    return new EnvCredentials(usernameVar, passwordVar);
  }

  /**
   * Emit a Secret with the literal username and password (base64-encoded in `data`). Only
   * allowed when the app sets the context `cdk8s-capi/allowPlaintextBmcCredentials: true`.
   */
  static plaintext(username: string, password: string): BmcCredentials {
    return new PlaintextCredentials(username, password);
  }

  abstract readonly strategy: BmcCredentialsStrategy;

  constructor() {
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * Name of the Secret the BareMetalHost references.
   * @param defaultName the name used when the strategy emits its own Secret
   */
  abstract secretName(defaultName: string): string;

  /**
   * The Secret payload to emit (`data` or `stringData`), or undefined when nothing is emitted.
   * @internal
   */
  abstract _payload(): { data?: Record<string, string>; stringData?: Record<string, string> } | undefined;

  /** Problems with the values themselves, independent of any host. @internal */
  abstract _problems(): string[];
}

class ExistingSecretCredentials extends BmcCredentials {
  readonly strategy = BmcCredentialsStrategy.EXISTING_SECRET;
  constructor(private readonly name: string) {
    super();
  }
  secretName(): string {
    return this.name;
  }
  _payload(): undefined {
    return undefined;
  }
  _problems(): string[] {
    if (typeof this.name !== 'string' || !this.name) return ['fromExistingSecret() needs the Secret name'];
    const p = checkDns1123Subdomain(this.name);
    return p ? [`fromExistingSecret(${JSON.stringify(this.name)}): not a valid Secret name: ${p}`] : [];
  }
}

class EnvCredentials extends BmcCredentials {
  readonly strategy = BmcCredentialsStrategy.ENV_PLACEHOLDERS;
  constructor(private readonly userVar: string, private readonly passVar: string) {
    super();
  }
  secretName(defaultName: string): string {
    return defaultName;
  }
  _payload() {
    return { stringData: { password: `\${${this.passVar}}`, username: `\${${this.userVar}}` } };
  }
  _problems(): string[] {
    // typeof first: RegExp.test would read undefined as the text "undefined".
    return [this.userVar, this.passVar]
      .filter(v => typeof v !== 'string' || !ENV_VAR.test(v))
      .map(v => (typeof v === 'string'
        ? `environment variable name ${JSON.stringify(v)} is invalid (letters, digits and _; not starting with a digit)`
        : `fromEnv() needs two environment variable names (got ${v === undefined ? 'undefined' : JSON.stringify(v)})`));
  }
}

class PlaintextCredentials extends BmcCredentials {
  readonly strategy = BmcCredentialsStrategy.PLAINTEXT;
  constructor(private readonly username: string, private readonly password: string) {
    super();
  }
  secretName(defaultName: string): string {
    return defaultName;
  }
  _payload() {
    const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
    return { data: { password: b64(this.password), username: b64(this.username) } };
  }
  _problems(): string[] {
    const out: string[] = [];
    if (typeof this.username !== 'string' || typeof this.password !== 'string') return ['plaintext() takes the username and the password as strings'];
    // BMO reports "Missing BMC connection detail 'username' in credentials" for empty values.
    if (!this.username) out.push('username is empty; baremetal-operator needs a non-empty username');
    if (!this.password) out.push('password is empty; baremetal-operator needs a non-empty password');
    return out;
  }
}
