// Path rules shared by files, directories and links. Ignition wants absolute paths that are
// already in the form Go's path.Clean would give them.

/** What Go's `path.Clean` returns for a slash-separated path (lexical only, no filesystem). */
export function cleanPath(p: string): string {
  if (p === '') return '.';
  const rooted = p.startsWith('/');
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
      continue;
    }
    out.push(seg);
  }
  const joined = out.join('/');
  if (rooted) return `/${joined}`;
  return joined === '' ? '.' : joined;
}

/** True when `inner` lies strictly below directory `outer` (`/a/b` is below `/a`, `/ab` is not). */
export function isBelow(inner: string, outer: string): boolean {
  const prefix = outer.endsWith('/') ? outer : `${outer}/`;
  return inner.length > prefix.length && inner.startsWith(prefix);
}

/** The directory systemd units and their drop-ins are written to by Ignition. */
export const SYSTEMD_UNIT_DIR = '/etc/systemd/system';

/** Where Ignition writes a unit's contents. */
export function unitPath(unitName: string): string {
  return `${SYSTEMD_UNIT_DIR}/${unitName}`;
}

/** Where Ignition writes a drop-in's contents. */
export function dropinPath(unitName: string, dropinName: string): string {
  return `${SYSTEMD_UNIT_DIR}/${unitName}.d/${dropinName}`;
}
