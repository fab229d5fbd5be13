// The management-cluster simulator: the API server plus the simulated provider controllers
// (baremetal-operator, CAPI core, CAPM3, CAPRKE2, EKS Anywhere), all on one clock.
import { SimApiServer, SimApiServerOptions, SimServerHandle } from './api-server';
import { ManualClock } from '../core/clock';
import { ValidationError } from '../core/errors';
import { BareMetalHostController } from './controllers/bmh';
import { ClusterController, MachineController, MachineDeploymentController, MachineSetController } from './controllers/capi';
import { ControllerContext, DEFAULT_DURATIONS, Durations } from './controllers/common';
import { EKSA_SYSTEM_NAMESPACE, EksaClusterController } from './controllers/eksa';
import { Metal3ClusterController, Metal3MachineController } from './controllers/metal3';
import { Rke2ConfigController, Rke2ControlPlaneController } from './controllers/rke2';

/** When the control plane provider writes the `<cluster>-kubeconfig` Secret. */
export enum KubeconfigSecretTiming {
  /** As soon as the control plane endpoint is known (CAPRKE2 and KCP behaviour: the Secret exists before the API answers). */
  ENDPOINT = 'endpoint',
  /** Only once the control plane is initialized. */
  INITIALIZED = 'initialized',
}

/** Options of the simulator (server options plus controller behaviour). */
export interface SimulatorOptions extends SimApiServerOptions {
  /** Speed factor: 1 = realistic durations (inspection takes minutes), 100 = one hundred times faster. @default 1 */
  readonly speed?: number;
  /** Per-phase durations in seconds at speed 1. @default DEFAULT_DURATIONS */
  readonly durations?: Partial<Durations>;
  /** Faults per host, keyed `namespace/name` (e.g. `{'default/node1': ['bad-credentials']}`). @default none */
  readonly hostFaults?: Readonly<Record<string, readonly string[]>>;
  /** @default KubeconfigSecretTiming.ENDPOINT */
  readonly kubeconfigSecretTiming?: KubeconfigSecretTiming;
  /** Run the provider controllers (false: an API server with only the control-plane loops). @default true */
  readonly providerControllers?: boolean;
}

export class Simulator {
  readonly server: SimApiServer;

  constructor(options: SimulatorOptions = {}) {
    const speed = options.speed ?? 1;
    if (!(speed > 0) || !Number.isFinite(speed)) {
      throw new ValidationError('simulator', 'speed', `must be a positive number, got ${speed}`, 'use 1 for realistic durations or e.g. 100 to run one hundred times faster');
    }
    const eksa = options.pinnedCrds ?? true;
    this.server = new SimApiServer({
      // controller-runtime resyncs periodically (CAPI: every 10 minutes), which also heals missed
      // triggers; never more often than every 5 s of clock time, however fast the simulation runs.
      resyncMs: Math.max(5_000, Math.round(600_000 / speed)),
      ...options,
      namespaces: [...(options.namespaces ?? []), ...(eksa ? [EKSA_SYSTEM_NAMESPACE] : [])],
    });
    if (options.providerControllers ?? true) {
      const ctx: ControllerContext = {
        engine: this.server.engine,
        clock: this.server.clock,
        speed,
        durations: { ...DEFAULT_DURATIONS, ...(options.durations ?? {}) },
        hostFaults: options.hostFaults ?? {},
        kubeconfigSecretTiming: options.kubeconfigSecretTiming ?? KubeconfigSecretTiming.ENDPOINT,
      };
      for (const c of [
        new BareMetalHostController(ctx),
        new ClusterController(ctx), new MachineController(ctx), new MachineSetController(ctx), new MachineDeploymentController(ctx),
        new Metal3ClusterController(ctx), new Metal3MachineController(ctx),
        new Rke2ControlPlaneController(ctx), new Rke2ConfigController(ctx),
        new EksaClusterController(ctx),
      ]) this.server.controllers.add(c);
    }
  }

  /** Starts HTTP and the controllers. */
  start(): Promise<SimServerHandle> {
    return this.server.start();
  }

  /** Starts the controllers without HTTP (in-process use, e.g. tests driving the engine directly). */
  startControllers(): void {
    this.server.controllers.start();
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /** Resolves when no reconcile is queued (timers may still be pending). */
  settle(): Promise<void> {
    return this.server.controllers.settled();
  }

  /** With a ManualClock: moves time forward, reconciling whatever becomes due on the way. */
  async advance(ms: number): Promise<void> {
    const clock = this.server.clock;
    if (!(clock instanceof ManualClock)) throw new Error('advance() needs the simulator to run on a ManualClock');
    await this.settle();
    await clock.advance(ms, () => this.settle());
  }
}
