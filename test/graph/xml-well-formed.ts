// A small XML well-formedness check for the SVG output (no XML parser in the dependencies):
// one root element, properly nested and closed tags, quoted and unique attributes, no raw
// `<` or `&` in text or attribute values, only known entities. Returns the element names
// in document order, or throws naming the offset of the first problem.

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const ENTITY = /^&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;

function checkText(text: string, at: number): void {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '<') throw new Error(`raw "<" at ${at + i}`);
    if (text[i] === '&' && !ENTITY.test(text.slice(i))) throw new Error(`bad entity at ${at + i}: ${text.slice(i, i + 12)}`);
  }
}

export function checkWellFormedXml(xml: string): string[] {
  let i = 0;
  const stack: string[] = [];
  const elements: string[] = [];
  let rootClosed = false;
  const skipSpace = () => {
    while (i < xml.length && /\s/.test(xml[i])) i++;
  };
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) throw new Error('unterminated XML declaration');
    i = end + 2;
  }
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    checkText(text, i);
    if ((stack.length === 0) && text.trim() !== '') throw new Error(`text outside the root element at ${i}`);
    if (lt < 0) break;
    i = lt;
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end < 0) throw new Error(`unterminated comment at ${i}`);
      if (xml.slice(i + 4, end).includes('--')) throw new Error(`"--" inside a comment at ${i}`);
      i = end + 3;
      continue;
    }
    if (xml.startsWith('</', i)) {
      i += 2;
      const m = NAME.exec(xml.slice(i));
      if (!m) throw new Error(`bad end tag at ${i}`);
      i += m[0].length;
      skipSpace();
      if (xml[i] !== '>') throw new Error(`bad end tag </${m[0]} at ${i}`);
      i++;
      const open = stack.pop();
      if (open !== m[0]) throw new Error(`</${m[0]}> closes <${open ?? 'nothing'}> at ${i}`);
      if (stack.length === 0) rootClosed = true;
      continue;
    }
    i++;
    const m = NAME.exec(xml.slice(i));
    if (!m) throw new Error(`bad start tag at ${i}`);
    if (rootClosed) throw new Error(`second root element <${m[0]}> at ${i}`);
    i += m[0].length;
    elements.push(m[0]);
    const attrs = new Set<string>();
    for (;;) {
      const before = i;
      skipSpace();
      if (xml.startsWith('/>', i)) {
        i += 2;
        if (stack.length === 0) rootClosed = true;
        break;
      }
      if (xml[i] === '>') {
        i++;
        stack.push(m[0]);
        break;
      }
      if (i === before) throw new Error(`missing space before attribute in <${m[0]}> at ${i}`);
      const a = NAME.exec(xml.slice(i));
      if (!a) throw new Error(`bad attribute in <${m[0]}> at ${i}`);
      if (attrs.has(a[0])) throw new Error(`duplicate attribute ${a[0]} in <${m[0]}> at ${i}`);
      attrs.add(a[0]);
      i += a[0].length;
      skipSpace();
      if (xml[i] !== '=') throw new Error(`attribute ${a[0]} without a value at ${i}`);
      i++;
      skipSpace();
      const q = xml[i];
      if (q !== '"' && q !== "'") throw new Error(`unquoted attribute ${a[0]} at ${i}`);
      const end = xml.indexOf(q, i + 1);
      if (end < 0) throw new Error(`unterminated attribute ${a[0]} at ${i}`);
      checkText(xml.slice(i + 1, end), i + 1);
      i = end + 1;
    }
  }
  if (stack.length) throw new Error(`unclosed <${stack[stack.length - 1]}>`);
  if (!rootClosed) throw new Error('no root element');
  return elements;
}

/** Decodes the five predefined entities and character references. */
export function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g, (_m, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e];
  });
}
