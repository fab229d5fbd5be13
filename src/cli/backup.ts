// `cdk8s-capi backup CLUSTER -o DIR`: the recovery document's `clusterctl move --to-directory`,
// without clusterctl (restore.ts brings it back).
import { Command } from 'commander';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect } from './kube-flags';
import { collectBackup, writeBackup } from '../apply/backup';
import { ExitCode } from '../core/errors';

export function registerBackup(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  const cmd = program.command('backup')
    .description('Write a cluster\'s CAPI, Metal3, RKE2 and EKS Anywhere objects to a directory in apply order (server fields stripped, host status kept), for `restore`')
    .argument('<cluster>', 'the Cluster\'s name (CAPI, or EKS Anywhere)')
    .requiredOption('-o, --output-dir <dir>', 'a new or empty directory')
    .option('--include-secrets', 'also write Secret data: BMC credentials, kubeconfig, certificates (files are 0600; keep the directory safe)', false);
  addKubeFlags(cmd);
  cmd.addHelpText('after', `
Examples:
  $ cdk8s-capi backup multinode-cluster -o backup/multinode-cluster --kubeconfig mgmt.kubeconfig
  $ cdk8s-capi backup multinode-cluster -o /secure/mc --include-secrets -n site-1

Objects are found by the cluster.x-k8s.io/cluster-name label and by references (control plane,
infrastructure, machine and data templates, the hosts templates select or machines hold, their
Secrets). Without --include-secrets the backup lists the Secrets it needs and restore checks
that the target has them. A backup only reads: nothing is paused or changed.
Exit codes: 0 written, 1 no such cluster or directory not empty, 2 usage error or cluster unreachable.`);
  cmd.action(async (cluster: string, flags: KubeFlags & { outputDir: string; includeSecrets: boolean }) => {
    const kube = await connect(flags, io);
    const content = await collectBackup(kube, cluster, flags.namespace ?? kube.defaultNamespace, { includeSecrets: flags.includeSecrets });
    writeBackup(flags.outputDir, content);
    for (const w of content.warnings) io.err(`warning: ${w}\n`);
    const left = content.index.secrets.filter(s => !s.included);
    io.out(`backed up ${content.objects.length} objects of ${cluster} to ${flags.outputDir}\n`);
    if (left.length) {
      io.out(`${left.length} Secret(s) not included (restore needs them in the target, or use --include-secrets): ${left.map(s => `${s.name} (${s.role})`).join(', ')}\n`);
    }
    setExit(ExitCode.OK);
  });
}
