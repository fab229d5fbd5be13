// helm.cattle.io objects (RKE2's helm-controller) built from the typed L1 classes.
import { stringify } from 'yaml';
import { HelmChart, HelmChartConfig } from '../../imports/helm.cattle.io';
import { KubeObject } from '../core/kube-object';

export interface HelmChartOptions {
  readonly name: string;
  readonly chart: string;
  readonly version: string;
  readonly targetNamespace: string;
  readonly valuesContent?: object;
}

export function helmChart(o: HelmChartOptions): KubeObject {
  return HelmChart.manifest({
    metadata: { name: o.name, namespace: 'kube-system' },
    spec: {
      chart: o.chart,
      targetNamespace: o.targetNamespace,
      version: o.version,
      createNamespace: true,
      valuesContent: o.valuesContent ? valuesYaml(o.valuesContent) : undefined,
    },
  });
}

/** Overrides values of a chart RKE2 itself installs (rke2-cilium, rke2-traefik …). */
export function helmChartConfig(name: string, values: object): KubeObject {
  return HelmChartConfig.manifest({
    metadata: { name, namespace: 'kube-system' },
    spec: { valuesContent: valuesYaml(values) },
  });
}

/** Texts by values: every site of a fleet sets the same chart values (bounded, cleared when full). */
const rendered = new Map<string, string>();

/** Helm values as YAML text, built from an object (never a string template). */
export function valuesYaml(values: object): string {
  const key = JSON.stringify(values);
  let text = rendered.get(key);
  if (text === undefined) {
    text = stringify(values, { lineWidth: 0 }).trimEnd();
    if (rendered.size >= 256) rendered.clear();
    rendered.set(key, text);
  }
  return text;
}
