// Where the CLI writes, so tests can run commands in-process as well as through the binary.
import type { KubeClient } from '../apply/engine/kube-client';
import type { KubeTarget } from '../apply/kube';
import type { Clock } from '../core/clock';
import { readStdin } from '../core/read-file';

export interface CliIo {
  readonly isTty: boolean;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** How the cluster commands reach a cluster. @default KubeApi.connect (client-node) */
  readonly connect?: (target: KubeTarget) => Promise<KubeClient>;
  /** Time for the cluster commands' waits and timeouts. @default the process clock */
  readonly clock?: Clock;
  out(text: string): void;
  err(text: string): void;
  /** Reads all of stdin (for `-`). */
  stdin(): string;
}

let guarded = false;

/**
 * When the reader of stdout or stderr goes away (`cdk8s-capi … | head`), writes fail with
 * EPIPE as an 'error' event, which would crash the process with a stack trace. Instead the
 * stream is dropped: later writes to it are ignored and the command ends with its own exit
 * code (an apply keeps going when its log reader closes). Installed once per process.
 */
export function guardStdStreams(): void {
  if (guarded) return;
  guarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      const first = !closed.has(stream);
      closed.add(stream);
      if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') return;
      // Not the reader going away (e.g. a full disk behind `> file`): output was lost, say so.
      if (first) {
        failure ??= e;
        const other = stream === process.stdout ? process.stderr : process.stdout;
        write(other, `error: cannot write to ${stream === process.stdout ? 'stdout' : 'stderr'}: ${e.message}\n`);
      }
    });
  }
}

const closed = new Set<NodeJS.WriteStream>();
let failure: Error | undefined;

/** A write failure on stdout/stderr other than EPIPE (the output is incomplete: exit 2). */
export function outputFailure(): Error | undefined {
  return failure;
}

function write(stream: NodeJS.WriteStream, text: string): void {
  if (closed.has(stream) || stream.destroyed) return;
  stream.write(text);
}

export function processIo(): CliIo {
  guardStdStreams();
  return {
    out: t => write(process.stdout, t),
    err: t => write(process.stderr, t),
    stdin: () => readStdin(),
    isTty: Boolean(process.stdout.isTTY),
    cwd: process.cwd(),
    env: process.env,
  };
}
