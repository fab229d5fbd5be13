// Tinkerbell OS images (aws/eks-anywhere v0.26.1 pkg/providers/tinkerbell/validate.go
// validateOsFamily, validateK8sVersionForBottleRocketOS, validateOSImageURL,
// validateK8sVersionInOSImageURLs): Bottlerocket is not supported from Kubernetes 1.29 on, other
// OS families need an osImageURL, set on the datacenter or on the machine configs (not both),
// and every image URL names the Kubernetes version of the machines it serves.
import { error } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { EksaSpec, PreflightFinding, about, nameOf, workerGroups } from '../eksa-spec';
import { parseKubeVersion } from '../kube-version';
import { str } from './check';
import { RoleMachine, distinctMachines } from './provider-objects';

const BOTTLEROCKET = 'bottlerocket';
/** Kube128: the newest Kubernetes version EKS-A's Tinkerbell provider runs on Bottlerocket. */
const BOTTLEROCKET_MAX_MINOR = 28;

/** containsK8sVersion: the URL without '-', '.', '_' contains the version without them. */
export function urlNamesVersion(url: string, version: string): boolean {
  const strip = (s: string) => s.replace(/[-._]/g, '');
  return strip(url).includes(strip(version));
}

function bottlerocketTooNew(version: unknown): boolean {
  const v = parseKubeVersion(version);
  return v !== undefined && (v.major > 1 || v.minor > BOTTLEROCKET_MAX_MINOR);
}

/** The Kubernetes version a worker group runs: its own, else the cluster's. */
function groupVersion(spec: EksaSpec, group: string | undefined): string {
  const g = workerGroups(spec.cluster).find(x => x?.name === group);
  return str(g?.kubernetesVersion) || str(spec.cluster.spec?.kubernetesVersion);
}

export function tinkerbellImageProblems(spec: EksaSpec, dc: KubeObject | undefined, roles: readonly RoleMachine[]): PreflightFinding[] {
  const out: PreflightFinding[] = [];
  const cp = roles.find(r => r.role === 'controlPlane');
  const cpVersion = str(spec.cluster.spec?.kubernetesVersion);
  const osOf = (m: KubeObject) => str(m.spec?.osFamily);

  // Bottlerocket: the control plane at the cluster's version, a worker group at its own version.
  if (cp && osOf(cp.machine) === BOTTLEROCKET && bottlerocketTooNew(cpVersion)) {
    out.push(...about(cp.machine, [error('eksa/tinkerbell-bottlerocket', 'spec.osFamily',
      `machineGroupRef ${nameOf(cp.machine)}: tinkerbell provider does not support K8s version 1.29+ for BottleRocket OS (Kubernetes ${cpVersion})`,
      'use ubuntu or redhat with an osImageURL')]));
  }
  for (const r of roles.filter(x => x.role === 'worker')) {
    const own = str(workerGroups(spec.cluster).find(x => x?.name === r.group)?.kubernetesVersion);
    if (own && osOf(r.machine) === BOTTLEROCKET && bottlerocketTooNew(own) && !(r.machine === cp?.machine && own === cpVersion)) {
      out.push(...about(r.machine, [error('eksa/tinkerbell-bottlerocket', 'spec.osFamily',
        `machineGroupRef ${nameOf(r.machine)}: tinkerbell provider does not support K8s version 1.29+ for BottleRocket OS (worker node group ${r.group} at Kubernetes ${own})`,
        'use ubuntu or redhat with an osImageURL')]));
    }
  }

  const dcUrl = str(dc?.spec?.osImageURL);
  const machines = distinctMachines(roles);
  if (cp && osOf(cp.machine) !== BOTTLEROCKET && !dcUrl && !str(cp.machine.spec?.osImageURL)) {
    out.push(...about(cp.machine, [error('eksa/tinkerbell-os-image', 'spec.osImageURL',
      'please use bottlerocket as osFamily for auto-importing or provide a valid osImageURL',
      `set osImageURL on the TinkerbellDatacenterConfig (one image) or on each TinkerbellMachineConfig; the URL must name Kubernetes ${cpVersion}, e.g. …/ubuntu-2204-kube-${cpVersion.replace('.', '-')}.gz`)]));
  }
  for (const m of machines) {
    const url = str(m.spec?.osImageURL);
    if (url && dcUrl) {
      out.push(...about(m, [error('eksa/tinkerbell-os-image', 'spec.osImageURL', 'cannot specify OSImageURL on both TinkerbellMachineConfig\'s and TinkerbellDatacenterConfig',
        'keep the datacenter\'s (one image for all machines) or the machine configs\' (one per role)')]));
    } else if (!url && !dcUrl && osOf(m) !== BOTTLEROCKET && m !== cp?.machine) {
      out.push(...about(m, [error('eksa/tinkerbell-os-image', 'spec.osImageURL', `missing OSImageURL on TinkerbellMachineConfig '${nameOf(m)}'`,
        'set osImageURL on this machine config, or one on the TinkerbellDatacenterConfig')]));
    }
  }

  // Image URLs name the Kubernetes version (validateK8sVersionInOSImageURLs).
  if (dcUrl) {
    const versions = [...new Set([cpVersion, ...workerGroups(spec.cluster).map(g => str(g?.kubernetesVersion))].filter(Boolean))];
    for (const v of versions.filter(x => !urlNamesVersion(dcUrl, x))) {
      out.push(...about(dc!, [error('eksa/tinkerbell-os-image', 'spec.osImageURL', `missing kube version from OSImageURL: url=${dcUrl}, version=${v}`,
        `one datacenter image serves every machine, so its URL must name each Kubernetes version of the cluster (${v} as ${v}, ${v.replace('.', '-')} or ${v.replace('.', '_')})`)]));
    }
  } else {
    const checked = new Set<string>();
    for (const r of roles.filter(x => x.role !== 'etcd')) {
      const url = str(r.machine.spec?.osImageURL);
      if (!url) continue; // Bottlerocket images come from the bundle; a missing one is reported above.
      const version = r.role === 'controlPlane' ? cpVersion : groupVersion(spec, r.group);
      if (!version || urlNamesVersion(url, version) || checked.has(`${nameOf(r.machine)}|${version}`)) continue;
      checked.add(`${nameOf(r.machine)}|${version}`);
      const which = r.role === 'controlPlane' ? 'control plane' : 'worker node group';
      out.push(...about(r.machine, [error('eksa/tinkerbell-os-image', 'spec.osImageURL', `missing kube version from ${which} machine config OSImageURL: url=${url}, version=${version}`,
        `an image built for Kubernetes ${version} whose URL names it (e.g. …-kube-${version.replace('.', '-')}.gz)`)]));
    }
  }
  return out;
}
