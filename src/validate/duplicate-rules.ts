// Duplicates across a manifest set: the same object twice (the second silently replaces the
// first when applied), and two BareMetalHosts claiming one machine — the same boot MAC (Ironic
// refuses a second port with that MAC) or the same BMC address (two hosts would fight over one
// machine's power).
import { safeJson } from './schema';
import { ObjectFinding, error, warning } from '../core/finding';
import { isKind } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { effectiveNamespace, objectKey } from '../core/object-key';
import { describeRef } from '../core/object-ref';

const nsOf = (o: KubeObject) => effectiveNamespace({ kind: o.kind, namespace: o.metadata?.namespace }) ?? '';
const isHost = (o: KubeObject) => isKind(o, 'metal3.io', 'BareMetalHost');

/**
 * The same group/kind/namespace/name more than once: an error when the copies differ (the later
 * silently replaces the earlier), a warning when they are identical (harmless, but a sign that
 * two outputs overlap) — except identical Namespaces, which site folders share by design.
 */
export function duplicateObjectRules(objects: readonly KubeObject[]): ObjectFinding[] {
  const seen = new Map<string, { index: number; object: KubeObject }>();
  const out: ObjectFinding[] = [];
  objects.forEach((o, i) => {
    const name = o?.metadata?.name;
    if (typeof o?.kind !== 'string' || typeof name !== 'string' || !name) return;
    const key = objectKey(o);
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, { index: i, object: o });
      return;
    }
    const where = `${describeRef({ kind: o.kind, namespace: nsOf(o), name })} is defined more than once in the input (objects #${first.index + 1} and #${i + 1})`;
    const identical = safeJson(first.object, Infinity) === safeJson(o, Infinity);
    // Every site folder of a fleet carries the Namespace it needs, so each applies on its own
    // (synth writes them so): identical Namespace copies are the pattern, not an overlap.
    if (identical && isKind(o, '', 'Namespace')) return;
    out.push({
      object: o,
      finding: identical
        ? warning('set/duplicate-object', 'metadata.name', `${where}, identically`, 'keep one copy')
        : error('set/duplicate-object', 'metadata.name', `${where}, with different content`, 'each object once: applied in order, the later one silently replaces the earlier'),
    });
  });
  return out;
}

/** BareMetalHosts in one namespace sharing a boot MAC or a BMC address. */
export function duplicateHostRules(objects: readonly KubeObject[]): ObjectFinding[] {
  const out: ObjectFinding[] = [];
  const macs = new Map<string, KubeObject>();
  const bmcs = new Map<string, KubeObject>();
  const hosts = new Map<string, KubeObject>();
  for (const h of objects.filter(isHost)) hosts.set(objectKey(h), h); // one per identity: copies are duplicateObjectRules' business
  for (const h of hosts.values()) {
    const mac = h.spec?.bootMACAddress;
    if (typeof mac === 'string' && mac) {
      const key = `${nsOf(h)}/${mac.toLowerCase().replace(/[:.-]/g, '')}`;
      const other = macs.get(key);
      if (other && other !== h) {
        out.push({ object: h, finding: error('set/duplicate-mac', 'spec.bootMACAddress', `MAC ${mac} is also the boot MAC of BareMetalHost ${other.metadata?.name}`, 'each host has its own boot NIC; Ironic refuses a second port with the same MAC') });
      } else {macs.set(key, h);}
    }
    const address = h.spec?.bmc?.address;
    if (typeof address === 'string' && address) {
      const key = `${nsOf(h)}/${address.toLowerCase().replace(/\/+$/, '')}`;
      const other = bmcs.get(key);
      if (other && other !== h) {
        out.push({ object: h, finding: error('set/duplicate-bmc', 'spec.bmc.address', `${address} is also the BMC address of BareMetalHost ${other.metadata?.name}`, 'each host has its own BMC (or its own system path on a shared one)') });
      } else {bmcs.set(key, h);}
    }
  }
  return out;
}
