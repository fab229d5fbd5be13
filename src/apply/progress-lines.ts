// The lines every text renderer prints the same way: the summary at the end, the failure
// summary, a retry.
import { ProgressEvent } from './events';
import { formatDuration } from './timeouts';

/** `🎉 Done in 45s (15 objects, 40 API requests, 2 retried)`, or the dry-run wording. */
const objects = (n: number) => `${n} object${n === 1 ? '' : 's'}`;

export function doneLine(e: Extract<ProgressEvent, { type: 'done' }>): string {
  const retried = e.retries ? `, ${e.retries} retried` : '';
  if (e.dryRun) {
    const checked = e.objects - (e.unchecked ?? 0);
    const accepted = e.unchecked ? `the server accepted ${objects(checked)}, ${e.unchecked} could not be checked (their namespace does not exist yet)`
      : `the server accepted all ${objects(e.objects)}`;
    return `✔ Dry run done in ${formatDuration(e.ms)}: ${accepted} (${e.requests} API requests${retried}); nothing was changed`;
  }
  return `🎉 Done in ${formatDuration(e.ms)} (${objects(e.objects)}, ${e.requests} API requests${retried})`;
}

/** `   ↻ retrying apply Secret default/x after 429 TooManyRequests (attempt 1, in 250ms)` */
export function retryLine(e: Extract<ProgressEvent, { type: 'retry' }>): string {
  return `   ↻ retrying ${e.request} after ${e.reason} (attempt ${e.attempt}, in ${formatDuration(e.delayMs)})`;
}

/** The failure summary: only the stuck objects, their status, and what to run next. */
export function failureSummary(e: Extract<ProgressEvent, { type: 'failed' }>): string {
  const lines = [`❌ ${e.message}`];
  if (e.stuck.length) {
    lines.push('Stuck:');
    for (const s of e.stuck) lines.push(`  ${s.object}: ${s.status} — ${s.message}${s.since ? ` (unchanged for ${s.since})` : ''}`);
  }
  if (e.next.length) {
    lines.push('Next:');
    for (const n of e.next) lines.push(`  ${n}`);
  }
  return `${lines.join('\n')}\n`;
}
