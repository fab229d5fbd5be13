// A small terminal emulator for renderer tests: a screen of rows × columns with scrollback,
// interpreting what the live view writes (text, \r, \n as a tty with onlcr shows it, CSI n A/B
// cursor up/down, CSI 2K erase line, CSI J erase below). It records what a person would see,
// how much was written, and any line that wrapped (which breaks in-place redrawing).
import { charWidth } from '../../src/apply/text-width';

export class FakeTerminal {
  /** Lines scrolled off the top. */
  readonly history: string[] = [];
  private screen: string[][];
  private row = 0;
  private col = 0;
  bytes = 0;
  writes = 0;
  /** Times the cursor ran past the last column (a line too long for the screen). */
  wraps = 0;
  /** Times a cursor movement hit the top or bottom edge (a miscounted redraw). */
  clamps = 0;
  /** Every write's timestamp (Date.now(), fake under jest fake timers). */
  readonly writeTimes: number[] = [];

  constructor(readonly columns = 100, readonly rows = 30) {
    this.screen = Array.from({ length: rows }, () => []);
  }

  write(text: string): void {
    this.bytes += Buffer.byteLength(text, 'utf8');
    this.writes++;
    this.writeTimes.push(Date.now());
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === '\x1b' && text[i + 1] === '[') {
        const m = /^\x1b\[(\d*)([A-Za-z])/.exec(text.slice(i));
        if (!m) throw new Error(`unsupported escape at ${JSON.stringify(text.slice(i, i + 8))}`);
        this.csi(m[1] === '' ? undefined : Number(m[1]), m[2]);
        i += m[0].length - 1;
        continue;
      }
      if (ch === '\r') {
        this.col = 0;
      } else if (ch === '\n') {
        this.col = 0;
        this.lineFeed();
      } else {
        const cp = text.codePointAt(i)!;
        const s = String.fromCodePoint(cp);
        if (s.length === 2) i++;
        const w = charWidth(s);
        if (w === 0) continue;
        if (this.col + w > this.columns) {
          this.wraps++;
          this.col = 0;
          this.lineFeed();
        }
        const line = this.screen[this.row];
        while (line.length < this.col) line.push(' ');
        line[this.col] = s;
        if (w === 2) line[this.col + 1] = '';
        this.col += w;
      }
    }
  }

  /** The visible screen, trailing blank lines dropped. */
  get lines(): string[] {
    const out = this.screen.map(l => l.join('').replace(/\s+$/, ''));
    while (out.length && out[out.length - 1] === '') out.pop();
    return out;
  }

  /** Everything ever shown: scrollback then the screen. */
  get transcript(): string[] {
    return [...this.history, ...this.lines];
  }

  private lineFeed(): void {
    if (this.row < this.rows - 1) {
      this.row++;
      return;
    }
    this.history.push(this.screen.shift()!.join('').replace(/\s+$/, ''));
    this.screen.push([]);
  }

  private csi(n: number | undefined, cmd: string): void {
    switch (cmd) {
      case 'A': {
        const to = this.row - (n ?? 1);
        if (to < 0) this.clamps++;
        this.row = Math.max(0, to);
        break;
      }
      case 'B': {
        const to = this.row + (n ?? 1);
        if (to > this.rows - 1) this.clamps++;
        this.row = Math.min(this.rows - 1, to);
        break;
      }
      case 'K':
        if (n === 2) this.screen[this.row] = [];
        else this.screen[this.row] = this.screen[this.row].slice(0, this.col);
        break;
      case 'J':
        this.screen[this.row] = this.screen[this.row].slice(0, this.col);
        for (let r = this.row + 1; r < this.rows; r++) this.screen[r] = [];
        break;
      default:
        throw new Error(`unsupported CSI ${n ?? ''}${cmd}`);
    }
  }
}
