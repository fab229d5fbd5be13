// The JSONPath subset printer columns use: `.a.b`, escaped dots (`labels.cluster\.x-k8s\.io/x`),
// indexes (`[0]`) and equality filters (`[?(@.type=="Ready")]`).

type Step = { field: string } | { index: number } | { filter: { path: string[]; value: string } };

function splitFields(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && i + 1 < s.length) {
      cur += s[++i];
    } else if (s[i] === '.') {
      if (cur) out.push(cur);
      cur = '';
    } else {
      cur += s[i];
    }
  }
  if (cur) out.push(cur);
  return out;
}

function parse(path: string): Step[] {
  const steps: Step[] = [];
  let rest = path.trim().replace(/^\{|\}$/g, '');
  while (rest.length > 0) {
    const b = rest.indexOf('[');
    const head = b < 0 ? rest : rest.slice(0, b);
    for (const f of splitFields(head)) steps.push({ field: f });
    if (b < 0) break;
    const end = rest.indexOf(']', b);
    if (end < 0) break;
    const inner = rest.slice(b + 1, end);
    const filter = /^\?\(@\.([\w.]+)\s*==\s*["']([^"']*)["']\)$/.exec(inner);
    if (filter) steps.push({ filter: { path: filter[1].split('.'), value: filter[2] } });
    else if (/^\d+$/.test(inner)) steps.push({ index: Number(inner) });
    rest = rest.slice(end + 1);
  }
  return steps;
}

/** Evaluates a printer-column JSONPath; undefined when nothing matches. */
export function evaluateJsonPath(obj: any, path: string): unknown {
  let cur: any[] = [obj];
  for (const s of parse(path)) {
    const next: any[] = [];
    for (const c of cur) {
      if (c === undefined || c === null) continue;
      if ('field' in s) {
        if (typeof c === 'object' && !Array.isArray(c) && c[s.field] !== undefined) next.push(c[s.field]);
      } else if ('index' in s) {
        if (Array.isArray(c) && c[s.index] !== undefined) next.push(c[s.index]);
      } else if (Array.isArray(c)) {
        for (const item of c) {
          let v: any = item;
          for (const p of s.filter.path) v = v?.[p];
          if (v !== undefined && String(v) === s.filter.value) next.push(item);
        }
      }
    }
    cur = next;
  }
  return cur.length === 0 ? undefined : cur.length === 1 ? cur[0] : cur;
}
