// Permission-mode facts from Butane (decimal-looking modes) and Ignition 3.3 (range, special bits).
/* eslint-disable no-bitwise -- permission modes are bit sets */

/** Largest mode Ignition accepts (all permission and special bits). */
export const MAX_MODE = 0o7777;
/** setuid, setgid and sticky bits: Ignition 3.3 warns that it does not apply them. */
export const SPECIAL_BITS = 0o7000;

/** True when any setuid/setgid/sticky bit is set. */
export function hasSpecialBits(mode: number): boolean {
  return (mode & SPECIAL_BITS) !== 0;
}

/** The mode without setuid/setgid/sticky bits. */
export function permissionBits(mode: number): number {
  return mode & 0o777;
}

/** `0644`-style octal literal with a leading zero, as Butane YAML expects (`0` for zero). */
export function octalLiteral(mode: number): string {
  return mode === 0 ? '0' : `0${mode.toString(8)}`;
}

/**
 * Whether a mode is one people set on purpose. Modes failing this test are legal but odd
 * (e.g. group may write but not read); Butane uses the test to spot modes typed in decimal.
 */
export function isUnsurprisingMode(mode: number, directory: boolean): boolean {
  if (mode === 0) return true; // root ignores the bits anyway
  let anyRead = false;
  let anyWrite = false;
  let anyExec = false;
  // Walk from the broadest class (other) to the narrowest (owner): a narrower class is
  // expected to have every bit a broader one has.
  for (const bits of [mode & 7, (mode >> 3) & 7, (mode >> 6) & 7]) {
    const read = (bits & 4) !== 0;
    const write = (bits & 2) !== 0;
    const exec = (bits & 1) !== 0;
    if ((anyRead && !read) || (anyWrite && !write) || (anyExec && !exec)) return false;
    if (exec && anyRead && !anyExec) return false; // e.g. rwxr----- : readable but not runnable by group
    if ((write || exec) && !read) return false; // -w- and --x are rare
    anyRead ||= read;
    anyWrite ||= write;
    anyExec ||= exec;
  }
  if (!anyRead) return false;
  if (directory) {
    if (!anyExec) return false;
    if (mode & 0o4000) return false;
    if ((mode & 0o3000) && !anyWrite) return false;
  } else {
    if (mode & 0o6000) {
      if (!anyExec) return false;
      if (mode & 0o002) return false;
    }
    if (mode & 0o1000) return false;
  }
  return true;
}

/** Reads the decimal digits of `mode` as octal digits (644 → 0o644); undefined if impossible. */
export function decimalDigitsAsOctal(mode: number): number | undefined {
  if (!Number.isInteger(mode) || mode < 0 || mode > 7777) return undefined;
  const digits = String(mode);
  if (/[89]/.test(digits)) return undefined;
  return parseInt(digits, 8);
}

/**
 * True when `mode` is odd but its decimal digits read as octal give an ordinary mode: the
 * author almost certainly wrote `644` meaning `0644`.
 */
export function looksDecimal(mode: number, directory: boolean): boolean {
  const asOctal = decimalDigitsAsOctal(mode);
  return asOctal !== undefined && !isUnsurprisingMode(mode, directory) && isUnsurprisingMode(asOctal, directory);
}
