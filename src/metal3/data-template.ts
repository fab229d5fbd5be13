// Metal3DataTemplate: the metadata (and optional network data) Metal3 renders per machine.
// metaData and networkData are immutable upstream, so the name carries a content hash.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Metal3DataTemplate as L1Metal3DataTemplate, Metal3DataTemplateSpecMetaDataObjectNamesObject } from '../../imports/infrastructure.cluster.x-k8s.io';
import { contentHashGuard } from '../core/content-hash-guard';
import { hashedName } from '../core/hash';
import { RenderedObjects } from '../core/rendered-objects';
import { validateObjectSet } from '../validate/validate';

/** Which object a metadata key takes its name from. */
export enum MetaDataObject {
  MACHINE = 'machine',
  METAL3MACHINE = 'metal3machine',
  BAREMETALHOST = 'baremetalhost',
}

/** A metadata key filled with an object's name. */
export interface MetaDataObjectName {
  readonly key: string;
  readonly object: MetaDataObject;
}

export interface Metal3DataTemplateProps {
  /** Name prefix; the name is `<baseName>-<content hash>`. */
  readonly baseName: string;
  /** Namespace (the cluster's). */
  readonly namespace: string;
  /** The CAPI cluster name. */
  readonly clusterName: string;
  /**
   * Metadata keys filled from object names.
   * @default - name, local-hostname and local_hostname from the Machine (the reference chapter's set)
   */
  readonly objectNames?: MetaDataObjectName[];
}

export const DEFAULT_OBJECT_NAMES: readonly MetaDataObjectName[] = [
  { key: 'name', object: MetaDataObject.MACHINE },
  { key: 'local-hostname', object: MetaDataObject.MACHINE },
  { key: 'local_hostname', object: MetaDataObject.MACHINE },
];

/**
 * A Metal3DataTemplate named `<baseName>-<content hash>`. Escape-hatch edits of its metadata or
 * network data are refused at synth while the name stays (they are immutable upstream). Used on
 * its own, its final JSON is also schema- and rule-checked at synth.
 */
export class Metal3DataTemplate extends Construct {
  readonly name: string;
  /** The L1 object (escape hatch; the hashed content must stay, see the class doc). */
  readonly apiObject: ApiObject;

  constructor(scope: Construct, id: string, props: Metal3DataTemplateProps) {
    super(scope, id);
    const spec = {
      clusterName: props.clusterName,
      metaData: {
        objectNames: (props.objectNames ?? DEFAULT_OBJECT_NAMES).map(o => ({
          key: o.key,
          object: o.object as unknown as Metal3DataTemplateSpecMetaDataObjectNamesObject,
        })),
      },
    };
    this.name = hashedName(props.baseName, spec.metaData);
    const l1Props = { metadata: { name: this.name, namespace: props.namespace }, spec };
    this.apiObject = RenderedObjects.seal(new L1Metal3DataTemplate(this, 'Resource', l1Props), l1Props);
    RenderedObjects.addObjectCheck(this.apiObject, contentHashGuard({
      name: this.name,
      spec: () => L1Metal3DataTemplate.manifest(l1Props).spec,
      props: 'objectNames',
      unchanged: () => RenderedObjects.unpatched(this.apiObject),
    }));
    new RenderedObjects(this, { objects: () => [this.apiObject], check: validateObjectSet });
  }
}
