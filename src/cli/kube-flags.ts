// kubectl-like connection flags shared by apply, delete, status and friends.
import { Command } from 'commander';
import { CliIo } from './io';
import { KubeClient } from '../apply/engine/kube-client';
import { KubeApi, KubeTarget } from '../apply/kube';

export interface KubeFlags {
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly namespace?: string;
}

export function addKubeFlags(cmd: Command): Command {
  return cmd
    .option('--kubeconfig <file>', 'kubeconfig of the management cluster (default: $KUBECONFIG, ~/.kube/config)')
    .option('--context <name>', 'kubeconfig context')
    .option('-n, --namespace <ns>', 'namespace for objects that set none (default: the context\'s, else default)');
}

/** The cluster of the flags (through the io's connector, else client-node). */
export async function connect(flags: KubeFlags, io: Pick<CliIo, 'connect'>): Promise<KubeClient> {
  const target: KubeTarget = { kubeconfig: flags.kubeconfig, context: flags.context, namespace: flags.namespace };
  return io.connect ? io.connect(target) : KubeApi.connect(target);
}

const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, '\'\\\'\'')}'`);

/** The command line that reruns a command with the same paths and connection flags (for "Next:"). */
export function rerunCommand(name: string, paths: string[], flags: KubeFlags & { journal?: string }, extra: string[] = []): string {
  const parts = ['cdk8s-capi', name, ...paths];
  if (flags.kubeconfig) parts.push('--kubeconfig', flags.kubeconfig);
  if (flags.context) parts.push('--context', flags.context);
  if (flags.namespace) parts.push('--namespace', flags.namespace);
  if (flags.journal) parts.push('--journal', flags.journal);
  parts.push(...extra);
  return parts.map(quote).join(' ');
}
