// kubectl-like connection flags shared by apply, delete, status and friends.
import { Command } from 'commander';
import { CliError, ExitCode } from './io';
import { KubeApi, KubeConnectionError, KubeTarget } from '../apply/kube';

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

export async function connect(flags: KubeFlags): Promise<KubeApi> {
  const target: KubeTarget = { kubeconfig: flags.kubeconfig, context: flags.context, namespace: flags.namespace };
  try {
    return await KubeApi.connect(target);
  } catch (e) {
    if (e instanceof KubeConnectionError) throw new CliError(e.message, ExitCode.USAGE);
    throw e;
  }
}
