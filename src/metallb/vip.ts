// Shared pieces of the API and ingress VIPs: the address pair, its validation, and the
// manifest files RKE2 applies from its server manifests directory on first boot.
import { Construct } from 'constructs';
import { deepFreeze } from '../core/deep-freeze';
import { ValidationError } from '../core/errors';
import { Finding, error } from '../core/finding';
import { IpFamily, canonicalIp, familyOf, hostCidr } from '../core/ip';
import { KubeObject } from '../core/kube-object';
import { PropShape, obj, str } from '../core/prop-shape';
import { validateObject } from '../validate/validate';

export { RKE2_MANIFESTS_DIR } from '../validate/embedded-manifests';

/** A virtual IP: IPv4, IPv6 or both (dual-stack). */
export interface VipAddresses {
  /** IPv4 address, e.g. `192.168.125.100`. @default - no IPv4 VIP */
  readonly ipv4?: string;
  /** IPv6 address, e.g. `fd00:dead:beef::100`. @default - no IPv6 VIP */
  readonly ipv6?: string;
}

/** A file of Kubernetes objects written into a node's RKE2 manifests directory. */
export interface ManifestFile {
  /** Absolute path on the node. */
  readonly path: string;
  /** Objects of the file, in order (multi-document YAML). */
  readonly objects: readonly KubeObject[];
}

export const VIP_SHAPE: PropShape = obj({ ipv4: str, ipv6: str });

/** Normalizes and checks a VIP pair; throws ValidationError naming `prop`. */
export function checkVip(where: string, prop: string, vip: VipAddresses | undefined): VipAddresses {
  const problems: Finding[] = [];
  if (!vip || (!vip.ipv4 && !vip.ipv6)) {
    throw new ValidationError(where, prop, 'needs an ipv4 or an ipv6 address (or both for dual-stack)');
  }
  for (const fam of ['ipv4', 'ipv6'] as const) {
    const v = vip[fam];
    if (v === undefined) continue;
    const got = typeof v === 'string' ? familyOf(v) : undefined;
    if (got !== fam) {
      problems.push(error('vip', `${prop}.${fam}`, `${JSON.stringify(v)} is not an ${fam} address${got ? ` (it is ${got})` : ''}`,
        fam === 'ipv4' ? 'e.g. 192.168.125.100' : 'e.g. fd00:dead:beef::100'));
    }
  }
  if (problems.length) throw ValidationError.fromFindings(where, problems);
  return {
    ipv4: vip.ipv4 ? canonicalIp(vip.ipv4) : undefined,
    ipv6: vip.ipv6 ? canonicalIp(vip.ipv6) : undefined,
  };
}

export function vipFamilies(vip: VipAddresses): IpFamily[] {
  return (['ipv4', 'ipv6'] as const).filter(f => vip[f]);
}

/** Pool addresses of a VIP: each address as a single-address CIDR. */
export function vipPoolAddresses(vip: VipAddresses): string[] {
  return vipFamilies(vip).map(f => hostCidr(vip[f]!));
}

/** The VIP addresses in family order (IPv4 first). */
export function vipList(vip: VipAddresses): string[] {
  return vipFamilies(vip).map(f => vip[f]!);
}

/**
 * Base of the VIP constructs: holds manifest files and checks their objects once built.
 *
 * The files are plain data, checked at construction and then deep-frozen: a cluster copies them
 * into its control-plane Butane config when it is built, so a later change could not reach the
 * output — changing them throws instead. Change the props, or edit the cluster's
 * `controlPlaneConfig` (whose embedded manifests are validated at synth).
 */
export abstract class ManifestFileSet extends Construct {
  /** The manifest files, in the order they should be written (deep-frozen). */
  abstract readonly files: readonly ManifestFile[];

  /** All objects of all files (a new array of the deep-frozen objects). */
  get objects(): KubeObject[] {
    return this.files.flatMap(f => [...f.objects]);
  }

  /** Validates the objects (schema + upstream rules), throws with this construct's path, then freezes the files. */
  protected checkObjects(files: ManifestFile[]): readonly ManifestFile[] {
    const objects = files.flatMap(f => [...f.objects]);
    const findings = objects.flatMap(o => validateObject(o, objects).map(f => ({ ...f, field: `${o.kind}/${o.metadata?.name} ${f.field}` })));
    const errors = findings.filter(f => f.severity === 'error');
    if (errors.length) throw ValidationError.fromFindings(this.node.path, errors);
    return deepFreeze(files);
  }
}
