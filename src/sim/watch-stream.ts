// Watch responses over HTTP: a chunked stream of `{"type":...,"object":...}` lines, with
// periodic BOOKMARKs when asked for, a server-side timeout (timeoutSeconds), and an injected
// early end of the stream (fault `watchdrop`; abrupt connection loss is the `reset` fault). An ERROR event ends the stream, as the real server does.
import { ServerResponse } from 'node:http';
import { ApiEngine, WatchOptions } from './api-engine';
import { ResourceType } from './resource-types';
import { Clock, TimerHandle } from '../core/clock';

export interface WatchStreamOptions {
  readonly timeoutMs: number;
  readonly bookmarkIntervalMs: number;
  /** End the stream early (fault injection), as a server or proxy closing an idle watch does. */
  readonly dropAfterMs?: number;
  readonly clock: Clock;
  /** Called when the stream ends, for bookkeeping. */
  readonly onClose?: () => void;
}

export function serveWatch(res: ServerResponse, engine: ApiEngine, rt: ResourceType, namespace: string | undefined,
  opts: WatchOptions, stream: WatchStreamOptions): void {
  const timers: TimerHandle[] = [];
  let stop: () => void = () => undefined;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    stop();
    for (const t of timers) stream.clock.clearTimer(t);
    if (!res.writableEnded) res.end();
    stream.onClose?.();
  };
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
  res.flushHeaders();
  const write = (type: string, object: any) => {
    if (ended) return;
    res.write(`${JSON.stringify({ type, object })}\n`);
    if (type === 'ERROR') end();
  };
  res.on('close', end);
  stop = engine.watch(rt, namespace, opts, write);
  if (ended) {
    stop();
    return;
  }
  timers.push(stream.clock.setTimer(stream.timeoutMs, end));
  if (stream.dropAfterMs !== undefined) timers.push(stream.clock.setTimer(stream.dropAfterMs, end));
  if (opts.allowWatchBookmarks) {
    const tick = () => {
      write('BOOKMARK', engine.bookmark(rt));
      timers.push(stream.clock.setTimer(stream.bookmarkIntervalMs, tick));
    };
    timers.push(stream.clock.setTimer(stream.bookmarkIntervalMs, tick));
  }
}
