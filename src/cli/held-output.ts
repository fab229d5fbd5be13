// Output held back until a decision: writes are kept in order and either written out
// (`release`) or dropped (`discard`). Afterwards writes go straight through.
import { CliIo } from './io';

export class HeldOutput {
  private held: Array<[stream: 'out' | 'err', text: string]> | undefined = [];

  constructor(private readonly io: Pick<CliIo, 'out' | 'err'>) {}

  readonly out = (text: string): void => this.write('out', text);
  readonly err = (text: string): void => this.write('err', text);

  /** Writes what was held (in one write per stream run) and stops holding. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    let i = 0;
    while (i < held.length) {
      const stream = held[i][0];
      let text = '';
      for (; i < held.length && held[i][0] === stream; i++) text += held[i][1];
      this.io[stream](text);
    }
  }

  /** Drops what was held and stops holding. */
  discard(): void {
    this.held = undefined;
  }

  private write(stream: 'out' | 'err', text: string): void {
    if (this.held) this.held.push([stream, text]);
    else this.io[stream](text);
  }
}
