// Aligned columns for human output (data to stdout): a header row on a terminal, then one
// line per row. Piped, the header is left out and each line is one record (GitHub CLI's
// rule, and the spec's "one row per channel"): `hackathon chats list | wc -l` counts
// channels, `| cut`/`awk` get no header to skip.
// Widths are terminal columns as `string-width` measures them (a CJK character or an emoji
// takes two, a combining mark none, ANSI colour none), not UTF-16 units. The last column is
// never padded. No rows: no lines (the command says in a sentence that the list is empty).
import stringWidth from 'string-width';
import type { Paint } from './colour.ts';

export interface TableOptions {
  /** Put before every line, header included (e.g. '  ' under a heading line). */
  indent?: string;
  gap?: string;
  /**
   * The stdout's palette: the header row is printed only when it is a terminal
   * (`paint.terminal`), bold when coloured. Without one, no header.
   */
  paint?: Paint;
}

export function table(head: string[], rows: string[][], opts: TableOptions = {}): string[] {
  if (rows.length === 0) return [];
  const { indent = '', gap = '  ', paint } = opts;
  const withHead = paint?.terminal === true;
  const all = withHead ? [head, ...rows] : rows;
  const cols = Math.max(...all.map((r) => r.length));
  const widths = Array.from({ length: cols }, (_, i) => Math.max(...all.map((r) => stringWidth(r[i] ?? ''))));
  const line = (r: string[]) =>
    (indent + r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i] - stringWidth(c)))).join(gap)).trimEnd();
  const body = rows.map(line);
  return withHead ? [paint.strong(line(head)), ...body] : body;
}

export { stringWidth };
