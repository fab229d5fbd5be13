// Small builders for the EKS Anywhere rule cases: the hand-written baseline configs of the
// preflight tests (test/validate/eksa/fixtures.ts), objects of other EKS-A kinds, and runners for
// checks the validate pipeline reports only with more input (hardware.csv, the preflight report).
import { Finding } from '../../../src/core/finding';
import { KubeObject } from '../../../src/core/kube-object';
import { HardwareMachine } from '../../../src/validate/eksa/hardware';
import { parseHardwareCsv } from '../../../src/validate/eksa/hardware-csv';
import { PreflightOptions, asFindings, runPreflights } from '../../../src/validate/eksa/preflights';
import { eksaSetFindings } from '../../../src/validate/input-files';
import { cluster, docker, edit, tinkerbell, vsphere } from '../eksa/fixtures';

export { cluster, docker, edit, tinkerbell, vsphere };

export const EKSA_V1ALPHA1 = 'anywhere.eks.amazonaws.com/v1alpha1';

/** An EKS-A object of `kind`. */
export function eksa(kind: string, name: string, spec: Record<string, unknown>, namespace?: string): KubeObject {
  return { apiVersion: EKSA_V1ALPHA1, kind, metadata: { name, ...(namespace ? { namespace } : {}) }, spec };
}

/** Applies `fn` to the spec of an object of `kind` (by name when given). */
export const specOf = (objects: KubeObject[], kind: string, fn: (s: any, o: any) => void, name?: string) =>
  edit(objects, kind, o => fn(o.spec, o), name);

/** The vSphere baseline at another Kubernetes version (quoted). */
export const vsphereAt = (version: string) => cluster(vsphere(), s => { s.kubernetesVersion = version; });

/** The Tinkerbell baseline with its datacenter image at `version`. */
export function tinkerbellAt(version: string): KubeObject[] {
  const v = version.replace('.', '-');
  return cluster(specOf(tinkerbell(), 'TinkerbellDatacenterConfig', s => { s.osImageURL = `https://artifacts.example.com/eksa/ubuntu-2204-kube-${v}.gz`; }),
    s => { s.kubernetesVersion = version; });
}

/** Every object in `namespace`. */
export const inNamespace = (objects: KubeObject[], namespace: string) =>
  objects.map(o => ({ ...o, metadata: { ...o.metadata, namespace } }));

/** Findings of the eksctl-style preflight report (checks the per-object pipeline does not report, e.g. a file without a Cluster). */
export const preflightFindings = (objects: KubeObject[], opts: PreflightOptions = {}) => (): Finding[] =>
  asFindings(runPreflights(objects, opts).flatMap(r => r.findings));

/** A hardware.csv machine. */
export function hw(n: number, labels: Record<string, string>, over: Partial<HardwareMachine> = {}): HardwareMachine {
  return {
    hostname: `node${n}`,
    mac: `00:00:00:00:00:${n.toString(16).padStart(2, '0')}`,
    ipAddress: `10.0.0.${n}`,
    netmask: '255.255.255.0',
    gateway: '10.0.0.254',
    nameservers: ['8.8.8.8'],
    labels,
    disk: '/dev/sda',
    source: `hardware.csv:${n + 1}`,
    ...over,
  };
}

/** `cp` control plane machines and `workers` worker machines. */
export const fleet = (cp: number, workers: number) => [
  ...Array.from({ length: cp }, (_, i) => hw(i + 1, { type: 'cp' })),
  ...Array.from({ length: workers }, (_, i) => hw(cp + i + 1, { type: 'worker' })),
];

/** The EKS-A findings of a config checked with a hardware inventory (as `validate config.yaml hardware.csv`). */
export const withHardware = (objects: KubeObject[], hardware: HardwareMachine[]) => (): Finding[] => eksaSetFindings(objects, hardware);

/** The findings of a hardware.csv text. */
export const csvFindings = (text: string) => (): Finding[] => parseHardwareCsv(text).findings;

export const CSV_HEADER = 'hostname,bmc_ip,bmc_username,bmc_password,mac,ip_address,netmask,gateway,nameservers,labels,disk';
