// The input beside the YAML manifests, and the EKS Anywhere checks that need more than one
// object: hardware.csv files (eksctl's rules), the hardware-count preflights against them, and
// with the old manifests the EKS-A upgrade preflights.
import { LocatedFinding, Severity } from '../core/finding';
import { KubeObject } from '../core/kube-object';
import { readInputFile } from '../core/read-file';
import { PreflightFinding, nameOf, namespaceOf } from './eksa/eksa-spec';
import { HardwareMachine } from './eksa/hardware';
import { parseHardwareCsv } from './eksa/hardware-csv';
import { PreflightMode, collect } from './eksa/preflights';

const isEksa = (o: KubeObject) => (o.apiVersion ?? '').startsWith('anywhere.eks.amazonaws.com/');

export interface OtherFilesResult {
  readonly findings: LocatedFinding[];
  readonly hardware: HardwareMachine[];
}

/** hardware.csv files parsed with eksctl's rules; any other file is a finding (not a YAML manifest or a hardware.csv). */
export function otherFileFindings(files: readonly string[]): OtherFilesResult {
  const findings: LocatedFinding[] = [];
  const hardware: HardwareMachine[] = [];
  for (const file of files) {
    if (!/\.csv$/i.test(file)) {
      findings.push({ severity: Severity.ERROR, rule: 'input/unsupported', field: '', file, line: 1, message: 'not a YAML manifest or a hardware.csv file' });
      continue;
    }
    // An unreadable file throws InputFileError (exit 2), like an unreadable manifest.
    const r = parseHardwareCsv(readInputFile(file), file);
    hardware.push(...r.machines);
    for (const f of r.findings) findings.push({ ...f, field: f.column ? `column ${f.column}` : '', file: f.file, line: f.line });
  }
  return { findings, hardware };
}

const id = (f: PreflightFinding) => `${f.rule}|${f.kind}|${f.name}|${f.field}|${f.message}`;

/**
 * EKS-A findings that the per-object rules cannot produce: hardware counts against parsed
 * hardware.csv files, and (with old objects) the upgrade preflights. Create-mode findings the
 * rules already report are left out.
 */
export function eksaSetFindings(objects: readonly KubeObject[], hardware: readonly HardwareMachine[],
  old?: readonly KubeObject[]): PreflightFinding[] {
  if (!objects.some(o => isEksa(o) && o.kind === 'Cluster')) return [];
  const eksa = objects.filter(isEksa);
  const base = new Set(collect(eksa, { schema: false, objectChecks: false }).flatMap(r => r.findings).map(id));
  const out: PreflightFinding[] = [];
  if (hardware.length) {
    out.push(...collect(eksa, { schema: false, objectChecks: false, hardware }).flatMap(r => r.findings).filter(f => !base.has(id(f))));
  }
  const oldEksa = old?.filter(isEksa) ?? [];
  if (oldEksa.some(o => o.kind === 'Cluster')) {
    const upgrade = collect(eksa, { schema: false, objectChecks: false, mode: PreflightMode.UPGRADE, old: oldEksa });
    out.push(...upgrade.flatMap(r => r.findings).filter(f => !base.has(id(f))));
  }
  const seen = new Set<string>();
  return out.filter(f => (seen.has(id(f)) ? false : (seen.add(id(f)), true)));
}

/**
 * Findings the EKS-A spec rules report for a cluster being created that its upgrade would not
 * get: with the cluster applied now (`old`), eksctl runs the upgrade preflights instead, so a
 * creation-only refusal (etcdEncryption, say) must not be reported against an update.
 */
export function eksaCreateOnlyFindings(objects: readonly KubeObject[], old: readonly KubeObject[] | undefined): PreflightFinding[] {
  const oldEksa = old?.filter(isEksa) ?? [];
  if (!oldEksa.some(o => o.kind === 'Cluster') || !objects.some(o => isEksa(o) && o.kind === 'Cluster')) return [];
  const eksa = objects.filter(isEksa);
  const upgrade = new Set(collect(eksa, { schema: false, objectChecks: false, mode: PreflightMode.UPGRADE, old: oldEksa })
    .flatMap(r => r.findings).map(id));
  return collect(eksa, { schema: false, objectChecks: false }).flatMap(r => r.findings).filter(f => !upgrade.has(id(f)));
}

/** Whether a finding on `obj` is one of these EKS-A findings (same object, rule, field and message). */
export function isOneOf(findings: readonly PreflightFinding[], obj: KubeObject, f: { rule: string; field: string; message: string }): boolean {
  return findings.some(p => p.kind === obj.kind && p.name === nameOf(obj) && (p.namespace ?? 'default') === namespaceOf(obj)
    && p.rule === f.rule && p.field === f.field && p.message === f.message);
}

/** Hardware rows are reported on the CSV they came from. */
export function hardwareFileOf(files: readonly string[]): string {
  return files.find(f => /\.csv$/i.test(f)) ?? 'hardware.csv';
}
