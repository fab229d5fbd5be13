// Metal3MachineTemplate: which hosts a machine may take (hostSelector) and which image Ironic
// writes on it. Machine templates are immutable by CAPI convention — a MachineDeployment or
// control plane only rolls when the referenced name changes — so the name carries a hash of
// the template content.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Metal3DataTemplate } from './data-template';
import {
  Metal3MachineTemplate as L1Metal3MachineTemplate,
  Metal3MachineTemplateSpecTemplateSpecAutomatedCleaningMode,
  Metal3MachineTemplateSpecTemplateSpecImageChecksumType,
  Metal3MachineTemplateSpecTemplateSpecImageDiskFormat,
} from '../../imports/infrastructure.cluster.x-k8s.io';
import { contentHashGuard } from '../core/content-hash-guard';
import { hashedName } from '../core/hash';
import { RenderedObjects } from '../core/rendered-objects';
import { LabelSelector } from '../core/selectors';
import { validateObjectSet } from '../validate/validate';

export enum ChecksumType {
  MD5 = 'md5',
  SHA256 = 'sha256',
  SHA512 = 'sha512',
}

export enum DiskFormat {
  RAW = 'raw',
  QCOW2 = 'qcow2',
  VDI = 'vdi',
  VMDK = 'vmdk',
  LIVE_ISO = 'live-iso',
}

/** The OS image Ironic writes to the host (e.g. an EIB-built SL Micro image). */
export interface MachineImage {
  /** Image URL, e.g. `http://imagecache.local:8080/eibimage-output-telco.raw`. */
  readonly url: string;
  /** Checksum, or the URL of a checksum file. @default - `<url>.sha256` */
  readonly checksum?: string;
  /** Checksum algorithm (`auto` is not allowed by CAPM3). @default ChecksumType.SHA256 */
  readonly checksumType?: ChecksumType;
  /** Disk format. @default DiskFormat.RAW */
  readonly diskFormat?: DiskFormat;
}

export interface Metal3MachineTemplateProps {
  /** Name prefix; the name is `<baseName>-<content hash>`. */
  readonly baseName: string;
  readonly namespace: string;
  readonly image: MachineImage;
  /**
   * Hosts this template may claim (same namespace, available), with Kubernetes selector meaning;
   * `DoesNotExist` is written as CAPM3's `!`. @default - any host
   */
  readonly hostSelector?: LabelSelector;
  /** Data template rendering the machines' metadata. @default - none */
  readonly dataTemplate?: Metal3DataTemplate;
  /** Disk cleaning when a host is released. @default - CAPM3 default (metadata) */
  readonly automatedCleaningMode?: string;
  /** Reuse the same hosts on scale-down/up (node reuse). @default false */
  readonly nodeReuse?: boolean;
}

/**
 * The spelling CAPM3 reads: it lowercases a hostSelector operator into an apimachinery selection
 * operator, where does-not-exist is `!` (`doesnotexist` would fail host selection). In, NotIn and
 * Exists lowercase to operators of the same meaning.
 */
function capm3Operator(operator: string): string {
  return operator === 'DoesNotExist' ? '!' : operator;
}

/**
 * A Metal3MachineTemplate named `<baseName>-<content hash>`. Escape-hatch edits of its spec are
 * refused at synth while the name stays: they would never roll machines. Used on its own (not
 * inside a cluster construct), its final JSON is also schema- and rule-checked at synth.
 */
export class Metal3MachineTemplate extends Construct {
  readonly name: string;
  readonly hostSelector?: LabelSelector;
  /** The L1 object (escape hatch; the spec must keep the hashed content, see the class doc). */
  readonly apiObject: ApiObject;

  constructor(scope: Construct, id: string, props: Metal3MachineTemplateProps) {
    super(scope, id);
    this.hostSelector = props.hostSelector;
    const templateSpec = {
      dataTemplate: props.dataTemplate ? { name: props.dataTemplate.name } : undefined,
      hostSelector: props.hostSelector
        ? {
          matchLabels: props.hostSelector.matchLabels && { ...props.hostSelector.matchLabels },
          matchExpressions: props.hostSelector.matchExpressions
            ?.map(e => ({ key: e.key, operator: capm3Operator(e.operator), values: [...(e.values ?? [])] })),
        }
        : undefined,
      image: {
        checksum: props.image.checksum ?? `${props.image.url}.sha256`,
        checksumType: (props.image.checksumType ?? ChecksumType.SHA256) as unknown as Metal3MachineTemplateSpecTemplateSpecImageChecksumType,
        diskFormat: (props.image.diskFormat ?? DiskFormat.RAW) as unknown as Metal3MachineTemplateSpecTemplateSpecImageDiskFormat,
        url: props.image.url,
      },
      automatedCleaningMode: props.automatedCleaningMode as Metal3MachineTemplateSpecTemplateSpecAutomatedCleaningMode | undefined,
    };
    this.name = hashedName(props.baseName, { templateSpec, nodeReuse: props.nodeReuse });
    const l1Props = {
      metadata: { name: this.name, namespace: props.namespace },
      spec: { nodeReuse: props.nodeReuse, template: { spec: templateSpec } },
    };
    this.apiObject = RenderedObjects.seal(new L1Metal3MachineTemplate(this, 'Resource', l1Props), l1Props);
    RenderedObjects.addObjectCheck(this.apiObject, contentHashGuard({
      name: this.name,
      spec: () => L1Metal3MachineTemplate.manifest(l1Props).spec,
      props: 'e.g. image, hostSelector',
      unchanged: () => RenderedObjects.unpatched(this.apiObject),
    }));
    new RenderedObjects(this, { objects: () => [this.apiObject], check: validateObjectSet });
  }
}
