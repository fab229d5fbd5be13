// EksaProvider: which infrastructure the cluster runs on, chosen with a static factory.
import { EksaProviderKind, ProviderImpl } from './context';
import { dockerProvider } from './docker';
import { TinkerbellProviderProps, tinkerbellProvider } from './tinkerbell';
import { VSphereProviderProps, vsphereProvider } from './vsphere';

/** The infrastructure provider of an EKS Anywhere cluster. */
export class EksaProvider {
  /** Docker (development and testing): DockerDatacenterConfig, no machine configs. */
  static docker(): EksaProvider {
    return new EksaProvider(dockerProvider());
  }

  /** vSphere: VSphereDatacenterConfig and VSphereMachineConfigs NAME-cp, NAME, NAME-etcd. */
  static vsphere(props: VSphereProviderProps): EksaProvider {
    return new EksaProvider(vsphereProvider(props));
  }

  /** Bare metal with Tinkerbell: TinkerbellDatacenterConfig, TinkerbellMachineConfigs, hardware.csv. */
  static tinkerbell(props: TinkerbellProviderProps): EksaProvider {
    return new EksaProvider(tinkerbellProvider(props));
  }

  private constructor(private readonly impl: ProviderImpl) {}

  get kind(): EksaProviderKind {
    return this.impl.kind;
  }

  /** Kind of the datacenter config, e.g. `VSphereDatacenterConfig`. */
  get datacenterKind(): string {
    return this.impl.datacenterKind;
  }

  /** Kind of the machine configs (none for Docker). */
  get machineConfigKind(): string | undefined {
    return this.impl.machineKind;
  }

  /** @internal */
  get _impl(): ProviderImpl {
    return this.impl;
  }
}
