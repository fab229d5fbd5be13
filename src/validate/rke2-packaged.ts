// The components RKE2 v1.34.2+rke2r1 ships as files of its manifests directory (charts/
// chart_versions.yaml: each a HelmChart kube-system/<name> in <name>.yaml, copied over the file of
// that name at every start, pkg/bootstrap/bootstrap.go UpdateManifests), and which of them a
// CAPRKE2 server config leaves enabled: the CNI charts not selected by `cni` (default canal) and
// the ingress controllers not selected (default ingress-nginx) are disabled
// (pkg/cli/cmds/server.go validateCNI, validateIngress), `disable` removes the rest
// (CAPRKE2 serverConfig.disableComponents.pluginComponents).
import { get } from './rules/rule';

/** A packaged chart; `bootstrap` charts run their helm job on the host network with the control-plane tolerations. */
export interface PackagedChart {
  readonly name: string;
  readonly bootstrap: boolean;
}

export const RKE2_PACKAGED_CHARTS: readonly PackagedChart[] = [
  ['rke2-cilium', true], ['rke2-canal', true], ['rke2-calico', true], ['rke2-calico-crd', true], ['rke2-coredns', true],
  ['rke2-ingress-nginx', false], ['rke2-traefik', false], ['rke2-traefik-crd', false], ['rke2-metrics-server', false],
  ['rke2-multus', true], ['rke2-flannel', true], ['rancher-vsphere-cpi', true], ['rancher-vsphere-csi', true],
  ['harvester-cloud-provider', true], ['harvester-csi-driver', true], ['rke2-snapshot-controller', false],
  ['rke2-snapshot-controller-crd', false], ['rke2-snapshot-validation-webhook', false], ['rke2-runtimeclasses', false],
].map(([name, bootstrap]) => ({ name: name as string, bootstrap: bootstrap as boolean }));

export const PACKAGED_NAMES: ReadonlySet<string> = new Set(RKE2_PACKAGED_CHARTS.map(c => c.name));

const CNI_ITEMS = ['calico', 'canal', 'cilium', 'flannel'];
const INGRESS_ITEMS = ['ingress-nginx', 'traefik'];
/** Charts whose enabled state depends on settings outside the RKE2 server config CAPRKE2 writes (the cloud provider). */
const UNKNOWN = new Set(['rancher-vsphere-cpi', 'rancher-vsphere-csi', 'harvester-cloud-provider', 'harvester-csi-driver']);

/**
 * Whether a packaged chart is deployed for a CAPRKE2 server config spec (the RKE2ControlPlane's
 * `spec`, or its template's `spec.template.spec`); undefined when it depends on what is not in the spec.
 */
export function packagedEnabled(spec: unknown, chart: string): boolean | undefined {
  if (UNKNOWN.has(chart) || !PACKAGED_NAMES.has(chart)) return undefined;
  const server = get(spec, 'serverConfig') ?? {};
  const disabled: unknown = get(server, 'disableComponents', 'pluginComponents');
  if (Array.isArray(disabled) && disabled.includes(chart)) return false;
  const cni = typeof server.cni === 'string' && server.cni !== '' ? server.cni : 'canal';
  if (chart === 'rke2-multus') return server.cniMultusEnable === true;
  for (const c of CNI_ITEMS) if (chart === `rke2-${c}` || chart === `rke2-${c}-crd`) return cni === c;
  // CAPRKE2 has no ingress-controller setting: RKE2's default, ingress-nginx, is selected.
  for (const i of INGRESS_ITEMS) if (chart === `rke2-${i}` || chart === `rke2-${i}-crd`) return i === 'ingress-nginx';
  return true;
}

/** The packaged charts a server config deploys whose helm jobs tolerate no taint (not bootstrap charts). */
export function enabledNonBootstrapCharts(spec: unknown): string[] {
  return RKE2_PACKAGED_CHARTS.filter(c => !c.bootstrap && packagedEnabled(spec, c.name) === true).map(c => c.name);
}
