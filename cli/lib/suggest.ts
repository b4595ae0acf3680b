// "Did you mean ...?": the known words nearest a mistyped one, by edit distance
// (fastest-levenshtein), for unknown commands, verbs and options. Never the whole list: at
// most three, and only words close enough to be a slip of the keyboard (two edits, or a
// third of a long word; one for a word of two letters) or that start with what was typed.
import { distance } from 'fastest-levenshtein';

const bare = (s: string) => s.toLowerCase().replace(/^-+/, '');

/** Options are compared without their leading dashes. */
export function nearest(typed: string, known: Iterable<string>, max = 3): string[] {
  const t = bare(typed);
  const limit = t.length <= 2 ? 1 : Math.max(2, Math.floor(t.length / 3));
  const scored: [string, number][] = [];
  for (const word of new Set(known)) {
    const w = bare(word);
    const d = distance(t, w);
    if (d <= limit) scored.push([word, d]);
    else if (t.length >= 2 && w.startsWith(t)) scored.push([word, limit + 1]);
  }
  return scored
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([w]) => w);
}

/** `Did you mean "x"?`, or the few candidates one per line; '' when nothing is near. */
export function didYouMean(candidates: string[]): string {
  if (candidates.length === 0) return '';
  if (candidates.length === 1) return `Did you mean ${candidates[0]}?`;
  return `Did you mean one of these?\n${candidates.map((c) => `  ${c}`).join('\n')}`;
}
