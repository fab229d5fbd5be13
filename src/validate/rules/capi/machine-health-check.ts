// MachineHealthCheck webhook (internal/webhooks/machinehealthcheck.go at v1.13.5) and the
// controller's unhealthy range parse (machinehealthcheck_controller.go getUnhealthyRange), in
// either served layout (v1beta1: nodeStartupTimeout, maxUnhealthy, unhealthyRange).
import { layoutOf } from './layout';
import { CLUSTER_NAME_LABEL, intOrPercentFinding } from './machine-sets';
import { Finding, error } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { labelSelectorProblems } from '../../../core/selectors';

/** Go time.ParseDuration, in seconds (undefined when it does not parse). */
export function goDurationSeconds(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.exec(v);
  if (v === '0') return 0;
  if (!m) return undefined;
  const unit: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  let total = 0;
  for (const part of v.replace(/^[+-]/, '').matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) total += Number(part[1]) * unit[part[2]];
  return m[1] === '-' ? -total : total;
}

/** The checks of an MHC (or a ClusterClass/topology healthCheck) in the v1beta2 shape. */
export interface HealthCheckValues {
  readonly nodeStartupTimeoutSeconds?: { value: unknown; seconds: number | undefined; field: string };
  readonly unhealthyLessThanOrEqualTo?: { value: unknown; field: string };
  readonly unhealthyInRange?: { value: unknown; field: string };
}

/** nodeStartupTimeout 0 (disabled) or at least 30 s; unhealthyLessThanOrEqualTo int-or-percent; range min ≤ max. */
export function healthCheckValueFindings(v: HealthCheckValues): Finding[] {
  const out: Finding[] = [];
  const t = v.nodeStartupTimeoutSeconds;
  if (t && t.seconds !== undefined && t.seconds !== 0 && t.seconds < 30) {
    out.push(error('capi/mhc-node-startup-timeout', t.field, `Invalid value: ${JSON.stringify(t.value)}: must be at least 30s`, '0 disables the check'));
  }
  if (v.unhealthyLessThanOrEqualTo) out.push(...intOrPercentFinding('capi/mhc-unhealthy-limit', v.unhealthyLessThanOrEqualTo.value, v.unhealthyLessThanOrEqualTo.field));
  const r = v.unhealthyInRange;
  const m = typeof r?.value === 'string' ? /^\[(\d+)-(\d+)\]$/.exec(r.value) : null;
  if (r && m && Number(m[2]) < Number(m[1])) {
    out.push(error('capi/mhc-unhealthy-range', r.field, `Invalid value: ${JSON.stringify(r.value)}: max value ${m[2]} cannot be less than min value ${m[1]} for unhealthyRange`,
      'the MachineHealthCheck controller fails every reconcile on it; write [min-max]'));
  }
  return out;
}

export function machineHealthCheckRules(obj: KubeObject): Finding[] {
  const layout = layoutOf(obj);
  if (!layout) return [];
  const spec = obj.spec ?? {};
  const out: Finding[] = [];
  const sel = spec.selector;
  const selProblems = labelSelectorProblems(sel);
  for (const [f, m] of selProblems) out.push(error('capi/mhc-selector', `spec.selector.${f}`, m));
  if (!selProblems.length && sel && !Object.keys(sel.matchLabels ?? {}).length && !(sel.matchExpressions ?? []).length) {
    out.push(error('capi/mhc-selector', 'spec.selector', 'Required value: selector must not be empty', 'select the Machines to check, e.g. matchLabels: {cluster.x-k8s.io/deployment-name: <name>}'));
  }
  const selCluster = sel?.matchLabels?.[CLUSTER_NAME_LABEL];
  if (selCluster !== undefined && selCluster !== spec.clusterName) {
    out.push(error('capi/mhc-selector', `spec.selector.matchLabels[${CLUSTER_NAME_LABEL}]`,
      `Invalid value: ${JSON.stringify(selCluster)}: cannot specify a cluster selector other than the one specified by ClusterName (${JSON.stringify(spec.clusterName)})`));
  }
  if (layout.v1beta1) {
    out.push(...healthCheckValueFindings({
      nodeStartupTimeoutSeconds: spec.nodeStartupTimeout === undefined ? undefined
        : { value: spec.nodeStartupTimeout, seconds: goDurationSeconds(spec.nodeStartupTimeout), field: 'spec.nodeStartupTimeout' },
      unhealthyLessThanOrEqualTo: { value: spec.maxUnhealthy, field: 'spec.maxUnhealthy' },
      unhealthyInRange: { value: spec.unhealthyRange, field: 'spec.unhealthyRange' },
    }));
  } else {
    out.push(...healthCheckValueFindings(healthCheckOf(spec, 'spec')));
  }
  return out;
}

/** The v1beta2 healthCheck fields under `base` (`{checks, remediation}`), e.g. of an MHC spec. */
export function healthCheckOf(hc: any, base: string): HealthCheckValues {
  const t = hc?.checks?.nodeStartupTimeoutSeconds;
  return {
    nodeStartupTimeoutSeconds: typeof t === 'number' ? { value: t, seconds: t, field: `${base}.checks.nodeStartupTimeoutSeconds` } : undefined,
    unhealthyLessThanOrEqualTo: { value: hc?.remediation?.triggerIf?.unhealthyLessThanOrEqualTo, field: `${base}.remediation.triggerIf.unhealthyLessThanOrEqualTo` },
    unhealthyInRange: { value: hc?.remediation?.triggerIf?.unhealthyInRange, field: `${base}.remediation.triggerIf.unhealthyInRange` },
  };
}
