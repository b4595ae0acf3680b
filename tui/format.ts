// Small pure formatters of the dashboard (no React): time left from the server clock,
// ages, short shas, a sparkline, and the colour theme that NO_COLOR turns off.
export { timeLeft } from '../client/time.ts';

/** `3m 05s`, `2h 10m`, `4d 3h`: an age from two instants of the server's time line. */
export function age(fromMs: number, toMs: number): string {
  const s = Math.max(0, Math.floor((toMs - fromMs) / 1000));
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

export const short = (sha: string | null | undefined) => (sha ? sha.slice(0, 12) : '-');

const BARS = '▁▂▃▄▅▆▇█';

/** One character per bucket, scaled to the largest. */
export function sparkline(counts: number[]): string {
  const max = Math.max(0, ...counts);
  return counts.map((c) => (max === 0 || c === 0 ? ' ' : BARS[Math.min(BARS.length - 1, Math.ceil((c / max) * BARS.length) - 1)])).join('');
}

/** Counts per bucket of `bucketMs` over the last `buckets` buckets ending at `nowMs`. */
export function buckets(instantsMs: number[], nowMs: number, bucketMs: number, count: number): number[] {
  const out = new Array<number>(count).fill(0);
  const start = nowMs - bucketMs * count;
  for (const t of instantsMs) {
    if (t < start || t > nowMs) continue;
    out[Math.min(count - 1, Math.floor((t - start) / bucketMs))]++;
  }
  return out;
}

/** Truncates to `n` characters with an ellipsis. */
export function clip(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, Math.max(0, n - 1))}…`;
}

/**
 * Colours that read on light and dark terminals: the named ANSI colours (the terminal's own
 * palette picks the shade), never a fixed RGB; meaning is also carried by a word or a mark, so
 * NO_COLOR (https://no-color.org) loses nothing. `color(name)` answers undefined then.
 */
export function makeTheme(env: NodeJS.ProcessEnv) {
  const on = !('NO_COLOR' in env) || env.NO_COLOR === '';
  const c = (name: 'red' | 'green' | 'yellow' | 'cyan' | 'magenta') => (on ? name : undefined);
  return { colors: on, bad: c('red'), good: c('green'), warn: c('yellow'), accent: c('cyan'), live: c('magenta') };
}
export type Theme = ReturnType<typeof makeTheme>;
