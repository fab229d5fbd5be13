// The files eksctl reads beside a cluster config (Tinkerbell's hardware.csv), written by the app
// that synthesizes the config: EksaApp always, and a plain App that holds an EksaCluster (cdk8s'
// App only writes charts, and has no hook for other files, so its synth is wrapped once).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'cdk8s';
import { IConstruct } from 'constructs';
import { EKSA_CLUSTER_SYMBOL } from './app-marker';
import { ValidationError } from '../core/errors';

/** What an EksaCluster offers (read through its marker: this file must not import eksa-cluster). */
interface WithSidecars extends IConstruct {
  readonly files: Readonly<Record<string, string>>;
}

const WRAPPED = Symbol.for('cdk8s-capi.sidecarWriter');

/** Every cluster's sidecar files by name; two clusters writing one name is an error. */
export function collectSidecarFiles(root: IConstruct): Map<string, string> {
  const files = new Map<string, { content: string; owner: string }>();
  for (const c of root.node.findAll().filter((x): x is WithSidecars => (x as any)[EKSA_CLUSTER_SYMBOL] === true)) {
    for (const [name, content] of Object.entries(c.files)) {
      const prior = files.get(name);
      if (prior) {
        throw new ValidationError(c.node.path, 'provider.hardwareCsvFileName', `${name} is also written by ${prior.owner}`,
          'give each Tinkerbell cluster its own hardwareCsvFileName');
      }
      files.set(name, { content, owner: c.node.path });
    }
  }
  return new Map([...files].map(([name, f]) => [name, f.content]));
}

export function writeSidecarFiles(outdir: string, files: ReadonlyMap<string, string>): void {
  if (!files.size) return;
  mkdirSync(outdir, { recursive: true });
  for (const [name, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) writeFileSync(join(outdir, name), content);
}

/** Makes a plain App's synth() also write the sidecar files (once per app). */
export function writeSidecarsWithApp(app: App): void {
  if ((app as any)[WRAPPED]) return;
  Object.defineProperty(app, WRAPPED, { value: true });
  const synth = app.synth.bind(app);
  app.synth = () => {
    const files = collectSidecarFiles(app);
    synth();
    writeSidecarFiles(app.outdir, files);
  };
}
