// CAPRKE2 `agentConfig.additionalUserData`, per format (`config` and `data` are exclusive: a CRD CEL rule).
// With ignition, `config` is Butane, translated and Ignition-merged over CAPRKE2's base config,
// and `data` is ignored (bootstrap/internal/ignition/ignition.go `render`). With cloud-config,
// `config` is parsed as a cloud-init YAML mapping and merged, and `data` is rendered as
// `key: value` lines (bootstrap/internal/cloudinit/cloudinit.go `cleanupAdditionalCloudInit`,
// `cleanupArbitraryData`); the keys runcmd, write_files and ntp are dropped from both (the
// defaulting webhook's `CorrectArbitraryData` drops them from `data` on admission).
import { embeddedConfigRules } from './embedded-config';
import { RuleContext, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { parseYamlDocument, yamlToJs } from '../../core/safe-yaml';

/** cloud-init keys CAPRKE2 removes because it writes them itself. */
const DROPPED_KEYS = ['runcmd', 'write_files', 'ntp'];

const DROPPED_HINT: Readonly<Record<string, string>> = {
  runcmd: 'use preRKE2Commands / postRKE2Commands',
  write_files: 'use spec.files',
  ntp: 'use agentConfig.ntp',
};

/** The value YAML reads from a text: a mapping, a list, another value, or a syntax error. */
function yamlShape(text: string): 'map' | 'list' | 'scalar' | 'empty' | 'error' {
  const parsed = parseYamlDocument(text, { merge: false });
  if (parsed.tooBig) return 'error';
  const doc = parsed.docs[0];
  if (!doc || doc.errors.length) return 'error';
  const read = yamlToJs(doc, parsed.lineCounter);
  if (read.problem) return 'error';
  const v = read.value;
  if (v === null || v === undefined) return 'empty';
  if (Array.isArray(v)) return 'list';
  return typeof v === 'object' ? 'map' : 'scalar';
}

function topKeys(text: string): string[] {
  const parsed = parseYamlDocument(text, { merge: false });
  const doc = parsed.docs[0];
  if (!doc || doc.errors.length) return [];
  const v = yamlToJs(doc, parsed.lineCounter).value;
  return v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : [];
}

function cloudConfigRules(aud: any, field: string): Finding[] {
  const out: Finding[] = [];
  if (typeof aud.config === 'string' && aud.config.trim() !== '') {
    const shape = yamlShape(aud.config);
    if (shape === 'error' || shape === 'list' || shape === 'scalar') {
      out.push(error('caprke2/user-data-yaml', `${field}.config`,
        `${shape === 'error' ? 'not valid YAML' : `a YAML ${shape}, not a mapping`}: "failed to unmarshal additional cloud-init datad … please check if you put valid yaml data"; CAPRKE2 cannot render the bootstrap data`,
        'write cloud-init keys as a YAML mapping (e.g. "users:\\n  - name: admin"), or set agentConfig.format: ignition for Butane'));
    } else {
      const keys = topKeys(aud.config);
      if (keys.includes('variant')) {
        out.push(warning('caprke2/user-data-unused', `${field}.config`,
          'looks like a Butane config (it has variant), but agentConfig.format is cloud-config: CAPRKE2 merges it as cloud-init keys, which cloud-init ignores',
          'set agentConfig.format: ignition, or write cloud-init keys'));
      }
      for (const k of keys.filter(x => DROPPED_KEYS.includes(x))) {
        out.push(warning('caprke2/user-data-dropped', `${field}.config`, `${k}: CAPRKE2 removes this key before merging (it writes ${k} itself)`, DROPPED_HINT[k]));
      }
    }
  }
  const data = aud.data;
  if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries<any>(data)) {
      if (DROPPED_KEYS.includes(k) || typeof v !== 'string') continue;
      const shape = yamlShape(v);
      // Mappings and lists are re-indented by the defaulting webhook; other values go in as written.
      if (shape === 'map' || shape === 'list') continue;
      if (yamlShape(`${k}: ${v}`) !== 'map') {
        out.push(error('caprke2/user-data-yaml', `${field}.data.${k}`,
          `"${k}: <value>" is not valid YAML: "failed to unmarshal arbitrary cloud-init data … please check if you put valid yaml data"; CAPRKE2 cannot render the bootstrap data`,
          'quote the value, or give a YAML mapping or list'));
      }
    }
  }
  return out;
}

export function userDataRules(spec: any, base: string, ctx: RuleContext): Finding[] {
  const aud = get(spec, 'agentConfig', 'additionalUserData');
  if (!aud || typeof aud !== 'object') return [];
  const field = `${base}.agentConfig.additionalUserData`;
  // config and data both set: the CRD's CEL rule (reported by the CEL layer as cel/<group>/<Kind>).
  const out: Finding[] = [];
  const data = aud.data && typeof aud.data === 'object' ? Object.keys(aud.data) : [];
  for (const k of data.filter(x => DROPPED_KEYS.includes(x))) {
    out.push(warning('caprke2/user-data-dropped', `${field}.data.${k}`, `${k}: CAPRKE2's defaulting webhook removes this key on admission`, DROPPED_HINT[k]));
  }
  const format = get(spec, 'agentConfig', 'format') ?? 'cloud-config';
  if (format === 'ignition') {
    if (typeof aud.config === 'string') {
      out.push(...embeddedConfigRules(aud.config, `${field}.config`, { strict: aud.strict === true || ctx.strict === true, texts: ctx.texts }));
    }
    if (data.length > 0) {
      out.push(warning('caprke2/user-data-unused', `${field}.data`, 'data is ignored with agentConfig.format: ignition (only config, a Butane config, is rendered)', 'move the settings into a Butane config in config'));
    }
  } else {
    out.push(...cloudConfigRules(aud, field));
  }
  return out;
}
