// EksaApp: a cdk8s App that writes cluster configs the way eksctl names them
// (<name>-eks-a-cluster.yaml) and the files eksctl reads next to them (hardware.csv).
import { App, AppProps } from 'cdk8s';
import { EKSA_APP_SYMBOL, isEksaApp } from './app-marker';
import { collectSidecarFiles, writeSidecarFiles } from './sidecar-files';

/**
 * An App whose YAML files end in `.yaml` and that also writes each EksaCluster's extra files.
 * It holds any other chart too (RKE2 clusters, hosts, plain Charts): each chart is written to
 * `<chart id>.yaml` in the same synth.
 */
export class EksaApp extends App {
  /** True when `x` is an EksaApp (works across copies of the package, unlike `instanceof`). */
  static isEksaApp(x: unknown): x is EksaApp {
    return isEksaApp(x);
  }

  constructor(props: AppProps = {}) {
    super({ outputFileExtension: '.yaml', ...props });
    Object.defineProperty(this, EKSA_APP_SYMBOL, { value: true });
  }

  /** Synthesizes the charts, then writes hardware.csv (and any other cluster files) into outdir. */
  override synth(): void {
    const files = collectSidecarFiles(this);
    super.synth();
    writeSidecarFiles(this.outdir, files);
  }
}
