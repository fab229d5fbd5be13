// EksaApp: a cdk8s App that writes cluster configs the way eksctl names them
// (<name>-eks-a-cluster.yaml) and the files eksctl reads next to them (hardware.csv).
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { App, AppProps } from 'cdk8s';
import { EKSA_APP_SYMBOL, isEksaApp } from './app-marker';
import { EksaCluster } from './eksa-cluster';
import { ValidationError } from '../core/errors';

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
    const files = new Map<string, { content: string; owner: string }>();
    for (const c of this.node.findAll().filter((x): x is EksaCluster => EksaCluster.isEksaCluster(x))) {
      for (const [name, content] of Object.entries(c.files)) {
        const prior = files.get(name);
        if (prior) {
          throw new ValidationError(c.node.path, 'provider.hardwareCsvFileName', `${name} is also written by ${prior.owner}`,
            'give each Tinkerbell cluster its own hardwareCsvFileName');
        }
        files.set(name, { content, owner: c.node.path });
      }
    }
    super.synth();
    mkdirSync(this.outdir, { recursive: true });
    for (const [name, { content }] of [...files.entries()].sort(([a], [b]) => a.localeCompare(b))) writeFileSync(join(this.outdir, name), content);
  }
}
