// Aligned columns for human output (data to stdout): a header row, then one line per row.
// Widths are terminal columns as `string-width` measures them (a CJK character or an emoji
// takes two, a combining mark none, ANSI colour none), not UTF-16 units. The last column is
// never padded. No rows: no lines (the command says in a sentence that the list is empty).
import stringWidth from 'string-width';
import type { Paint } from './colour.ts';

export interface TableOptions {
  /** Put before every line, header included (e.g. '  ' under a heading line). */
  indent?: string;
  gap?: string;
  /** Colours the header (bold) on a terminal; the header's words say what it is either way. */
  paint?: Paint;
}

export function table(head: string[], rows: string[][], opts: TableOptions = {}): string[] {
  if (rows.length === 0) return [];
  const { indent = '', gap = '  ', paint } = opts;
  const all = [head, ...rows];
  const cols = Math.max(...all.map((r) => r.length));
  const widths = Array.from({ length: cols }, (_, i) => Math.max(...all.map((r) => stringWidth(r[i] ?? ''))));
  const line = (r: string[]) =>
    (indent + r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i] - stringWidth(c)))).join(gap)).trimEnd();
  return [paint ? paint.strong(line(head)) : line(head), ...rows.map(line)];
}

export { stringWidth };
