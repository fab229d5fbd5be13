// A systemd unit-file reader with the acceptance rules of the go-systemd lexer that Ignition
// uses to check `contents` of units and drop-ins: `[Section]` headers, `Key=value` options,
// `#`/`;` comments, backslash continuation lines. Text before the first section is skipped.

/** One `Key=value` option of a unit file. */
export interface UnitFileOption {
  readonly section: string;
  readonly name: string;
  readonly value: string;
}

/** The outcome of reading a unit file: options found so far and the first error, if any. */
export interface UnitFileParse {
  readonly sections: string[];
  readonly options: UnitFileOption[];
  /** What is wrong (undefined when the text is a valid unit file). */
  readonly error?: string;
  /** 1-based line of the unit text where the error was found. */
  readonly line?: number;
}

/** Longest line systemd reads without truncating it (bytes). */
export const UNIT_LINE_MAX = 2048;

const SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

class UnitFileError extends Error {
  constructor(message: string, public readonly at: number) {
    super(message);
  }
}

export function parseUnitFile(text: string): UnitFileParse {
  const sections: string[] = [];
  const options: UnitFileOption[] = [];
  let pos = 0;
  let section: string | undefined;

  /** Reads to the end of the line; returns the line without its terminator and whether EOF ended it. */
  const toEol = (): [string, boolean] => {
    const nl = text.indexOf('\n', pos);
    const eof = nl < 0;
    let line = eof ? text.slice(pos) : text.slice(pos, nl + 1);
    pos = eof ? text.length : nl + 1;
    // Same order as the upstream reader: a CR is only dropped when it is the very last byte.
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.endsWith('\n')) line = line.slice(0, -1);
    return [line, eof];
  };

  const checkLineLength = () => {
    let end = pos;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    if (end - pos >= UNIT_LINE_MAX / 4 && Buffer.byteLength(text.slice(pos, end)) >= UNIT_LINE_MAX) {
      throw new UnitFileError(`line too long (max ${UNIT_LINE_MAX} bytes)`, pos);
    }
  };

  const skipComment = () => {
    for (;;) {
      const [line, eof] = toEol();
      const trimmed = line.endsWith(' ') ? line.slice(0, -1) : line;
      if (eof || !trimmed.endsWith('\\')) return;
    }
  };

  const readSection = () => {
    const start = pos;
    const close = text.indexOf(']', pos);
    if (close < 0) throw new UnitFileError('unable to find end of section (missing "]")', start);
    const name = text.slice(pos, close);
    pos = close + 1;
    const [rest] = toEol();
    if (rest.trim() !== '') {
      throw new UnitFileError(`found garbage after section name [${name}]: ${JSON.stringify(rest.trim())}`, close + 1);
    }
    sections.push(name);
    section = name;
  };

  const readOption = (sec: string) => {
    const start = pos;
    let name = '';
    for (;;) {
      if (pos >= text.length) {
        throw new UnitFileError(`unexpected end of file while parsing option name ${JSON.stringify(name.trim())} (expected "=")`, start);
      }
      const c = text[pos++];
      if (c === '\n' || c === '\r') {
        throw new UnitFileError(`unexpected newline encountered while parsing option name ${JSON.stringify(name.trim())} (expected "=")`, start);
      }
      if (c === '=') break;
      name += c;
    }
    let value = '';
    for (;;) {
      checkLineLength();
      const [line, eof] = toEol();
      if (line.trim() === '') break;
      value += line;
      if (!line.endsWith('\\')) break;
      if (!eof) value += '\n';
    }
    value = value.endsWith('\n') ? `${value.trim()}\n` : value.trim();
    options.push({ section: sec, name: name.trim(), value });
  };

  try {
    while (pos < text.length) {
      checkLineLength();
      const c = text[pos++];
      if (c === '[') {
        readSection();
      } else if (c === '#' || c === ';') {
        skipComment();
      } else if (section === undefined || SPACE.test(c)) {
        // Before the first section anything else is skipped, inside one whitespace is.
        continue;
      } else {
        pos--;
        readOption(section);
      }
    }
  } catch (e) {
    if (!(e instanceof UnitFileError)) throw e;
    return { sections, options, error: e.message, line: lineAt(text, e.at) };
  }
  return { sections, options };
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === '\n') line++;
  return line;
}
