// Escaping for text and attribute values in SVG and HTML.

/** Escapes `& < > " '` so the text is safe in element content and in double- or single-quoted attributes. */
export function escapeXml(text: string): string {
  return text
    // Control characters other than tab/newline are not allowed in XML 1.0 at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Numbers with at most one decimal, so output does not depend on float noise. */
export function num(v: number): string {
  return String(Math.round(v * 10) / 10);
}
