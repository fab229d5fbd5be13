// `cdk8s-capi synth -f INVENTORY -o DIR [--gitops flux|fleet|argo]`: an inventory of clusters
// and hosts in, one folder per cluster out (apply order, kustomization.yaml, GitOps ordering).
import { Command, Option } from 'commander';
import { CliIo } from './io';
import { ExitCode, InvalidInputError, UsageError } from '../core/errors';
import { GitOpsFlavor } from '../gitops/layout';
import { INVENTORY_SCHEMA, formatProblem, loadInventory } from '../inventory/load';
import { synthesizeInventory } from '../inventory/synthesize';

export function registerSynth(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  program.command('synth')
    .description('Synthesize the clusters of an inventory file into one folder per cluster (objects in apply order, kustomization.yaml, optional GitOps ordering)')
    .option('-f, --file <inventory>', 'inventory file (YAML, see --print-schema)')
    .option('-o, --output <dir>', 'output directory (its content is replaced: unchanged clusters are not rebuilt, unchanged files not rewritten)', 'dist')
    .addOption(new Option('--gitops <flavor>', 'add ordering metadata for a GitOps engine').choices(Object.values(GitOpsFlavor)))
    .option('--repo-path <path>', 'where the output directory sits in the Git repository (Flux Kustomization and Argo CD paths; default ./<output>)')
    .option('--repo-url <url>', 'the Git repository Argo CD reads the output from (the ApplicationSet --gitops argo writes when the inventory has rollout:)')
    .option('--print-schema', 'print the inventory JSON Schema and exit')
    .addHelpText('after', `
Examples:
  $ cdk8s-capi synth -f sites.yaml -o dist
  $ cdk8s-capi synth -f sites.yaml -o clusters --gitops flux --repo-path ./clusters
  $ cdk8s-capi synth -f fleet.yaml -o dist --gitops argo --repo-url https://git.example.com/edge/sites.git
  $ cdk8s-capi synth --print-schema > inventory.schema.json   # for editors (yaml-language-server)

Exit codes: 0 written, 1 invalid inventory (file:line path: message), 2 usage or I/O error.`)
    .action((flags: { file?: string; output: string; gitops?: GitOpsFlavor; repoPath?: string; repoUrl?: string; printSchema?: boolean }) => {
      if (flags.printSchema) {
        io.out(`${JSON.stringify(INVENTORY_SCHEMA, null, 2)}\n`);
        setExit(ExitCode.OK);
        return;
      }
      if (!flags.file) throw new UsageError('missing -f INVENTORY (the inventory file to synthesize)');
      const loaded = loadInventory(flags.file);
      const r = synthesizeInventory(loaded, {
        outdir: flags.output, gitops: flags.gitops, repoPath: flags.repoPath, repoUrl: flags.repoUrl, rollout: loaded.inventory.rollout,
      });
      if (r.problems.length) throw new InvalidInputError(r.problems.map(formatProblem).join('\n'));
      const unchanged = r.files.length - r.written.length;
      const removed = r.removed.length ? `, ${r.removed.length} removed` : '';
      io.err(`synthesized ${r.clusters} cluster${r.clusters === 1 ? '' : 's'} into ${flags.output}/ (${r.files.length} files${unchanged ? `, ${unchanged} unchanged` : ''}${removed})\n`);
      setExit(ExitCode.OK);
    });
}
