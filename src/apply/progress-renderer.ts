// What every progress renderer is (TTY live list, plain lines, JSON lines): a sink for the
// applier's events, a way to print a line, and a final frame.
import { EventSink } from './events';

export enum ProgressMode {
  TTY = 'tty',
  PLAIN = 'plain',
  JSON = 'json',
}

export interface ProgressRenderer {
  readonly sink: EventSink;
  /** Prints a line of text that is not an event (above the live list on a TTY). */
  log(text: string): void;
  /** Resolves when the renderer has drawn its last frame. */
  finish(): Promise<void>;
}
