// Metal3DataTemplate: the metadata (and optional network data) Metal3 renders per machine.
// metaData and networkData are immutable upstream, so the name carries a content hash.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Metal3DataTemplate as L1Metal3DataTemplate, Metal3DataTemplateSpecMetaDataObjectNamesObject } from '../../imports/infrastructure.cluster.x-k8s.io';
import { hashedName } from '../core/hash';

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

export class Metal3DataTemplate extends Construct {
  readonly name: string;
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
    this.apiObject = new L1Metal3DataTemplate(this, 'Resource', {
      metadata: { name: this.name, namespace: props.namespace },
      spec,
    });
  }
}
