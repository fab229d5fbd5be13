// A block of lines at the bottom of a terminal, redrawn in place: only the lines that changed
// are rewritten (the cursor walks over the others), a shorter frame clears what is left
// below it. The cursor always rests at the start of the line under the block, so the block
// must stay shorter than the screen and its lines must not wrap (the caller cuts them).
export interface Terminal {
  /** Columns. @default 80 */
  readonly columns?: number;
  /** Rows. @default 24 */
  readonly rows?: number;
  write(text: string): void;
}

const ESC = '\x1b[';

export interface LiveRegionStats {
  /** Writes to the terminal (draws that changed something, prints, erases). */
  writes: number;
  /** Draws that rewrote every line of the block. */
  fullRedraws: number;
  /** Bytes written (escape sequences included). */
  bytes: number;
}

export class LiveRegion {
  private shown: string[] = [];
  readonly stats: LiveRegionStats = { writes: 0, fullRedraws: 0, bytes: 0 };

  constructor(private readonly term: Terminal) {}

  /** Lines currently on screen. */
  get lines(): readonly string[] {
    return this.shown;
  }

  /** Shows `next` in place of the current block, writing only what changed. */
  draw(next: readonly string[]): void {
    const prev = this.shown;
    let first = 0;
    while (first < prev.length && first < next.length && prev[first] === next[first]) first++;
    if (first === prev.length && first === next.length) return;
    let out = '';
    const up = prev.length - first;
    if (up > 0) out += `${ESC}${up}A`;
    out += '\r';
    let rewritten = 0;
    let skip = 0;
    for (let i = first; i < next.length; i++) {
      if (i < prev.length && prev[i] === next[i]) {
        skip++;
        continue;
      }
      if (skip) out += `${ESC}${skip}B`;
      skip = 0;
      out += `${ESC}2K${next[i]}\n`;
      rewritten++;
    }
    if (skip) out += `${ESC}${skip}B`;
    if (next.length < prev.length) out += `${ESC}J`;
    this.shown = [...next];
    this.emit(out);
    if (first === 0 && rewritten === next.length && next.length > 0) this.stats.fullRedraws++;
  }

  /** Prints `text` (whole lines) above the block, which is drawn again below it. */
  print(text: string): void {
    const block = this.shown;
    this.erase();
    this.emit(text.endsWith('\n') ? text : `${text}\n`);
    this.draw(block);
  }

  /** Removes the block from the screen. */
  erase(): void {
    if (!this.shown.length) return;
    this.emit(`${ESC}${this.shown.length}A\r${ESC}J`);
    this.shown = [];
  }

  /** Leaves the block on screen as ordinary output (nothing more is redrawn). */
  release(): void {
    this.shown = [];
  }

  private emit(text: string): void {
    this.stats.writes++;
    this.stats.bytes += Buffer.byteLength(text, 'utf8');
    this.term.write(text);
  }
}
