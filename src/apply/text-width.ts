// Terminal column width of text, so a live line is cut before it wraps (a wrapped line breaks
// in-place redrawing, which counts lines). Widths come from string-width (East Asian wide
// characters and emoji take two columns, combining marks none); v4 is its CommonJS line.
import stringWidth from 'string-width';

/** Columns one character (a code point, or a grapheme such as an emoji sequence) takes. */
export function charWidth(ch: string): number {
  return stringWidth(ch);
}

/** Columns `text` takes (no escape sequences expected). */
export function textWidth(text: string): number {
  return stringWidth(text);
}

/** `text` cut to at most `columns` columns, ending in `…` when cut. */
export function truncateToWidth(text: string, columns: number): string {
  if (stringWidth(text) <= columns) return text;
  if (columns <= 0) return '';
  let out = '';
  let w = 0;
  for (const ch of text) {
    const cw = stringWidth(ch);
    if (w + cw > columns - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}
