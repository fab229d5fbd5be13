// CAPI contract helpers: resolving v1beta2 `{apiGroup, kind, name}` references and cloning
// infrastructure/bootstrap objects from their templates (XTemplate.spec.template → X).
import { SimClient } from './client';
import { CLONED_FROM_GROUPKIND, CLONED_FROM_NAME, CLUSTER_NAME_LABEL, ownerRef } from './common';

export interface ContractRef {
  readonly apiGroup: string;
  readonly kind: string;
  readonly name: string;
}

/** The apiVersion the server stores a group/kind at, or undefined when not served. */
export function apiVersionFor(client: SimClient, apiGroup: string, kind: string): string | undefined {
  const rt = client.engine.types.forGroupKind(apiGroup, kind);
  return rt ? `${rt.group}/${rt.version}` : undefined;
}

export function getRef(client: SimClient, ref: ContractRef | undefined, namespace: string): any | undefined {
  if (!ref?.apiGroup || !ref.kind || !ref.name) return undefined;
  const av = apiVersionFor(client, ref.apiGroup, ref.kind);
  return av ? client.get(av, ref.kind, namespace, ref.name) : undefined;
}

/**
 * Creates `name` of kind `<template kind minus "Template">` from a template reference, owned by
 * `owner`. Returns the created object, or a message saying why it could not be created.
 */
export function cloneFromTemplate(client: SimClient, ref: ContractRef, namespace: string, name: string,
  owner: any, clusterName: string, extraLabels: Record<string, string> = {}): any | string {
  const tmpl = getRef(client, ref, namespace);
  if (!tmpl) return `${ref.kind} ${namespace}/${ref.name} not found`;
  if (!ref.kind.endsWith('Template')) return `${ref.kind} is not a template kind`;
  const kind = ref.kind.slice(0, -'Template'.length);
  const apiVersion = apiVersionFor(client, ref.apiGroup, kind);
  if (!apiVersion) return `${kind}.${ref.apiGroup} is not served (is its CRD installed?)`;
  const tmeta = tmpl.spec?.template?.metadata ?? {};
  return client.create({
    apiVersion,
    kind,
    metadata: {
      name,
      namespace,
      labels: { ...(tmeta.labels ?? {}), ...extraLabels, [CLUSTER_NAME_LABEL]: clusterName },
      annotations: { ...(tmeta.annotations ?? {}), [CLONED_FROM_NAME]: ref.name, [CLONED_FROM_GROUPKIND]: `${ref.kind}.${ref.apiGroup}` },
      ownerReferences: [ownerRef(owner)],
    },
    spec: structuredClone(tmpl.spec?.template?.spec ?? {}),
  });
}
