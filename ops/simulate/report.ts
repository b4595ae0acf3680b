// Prints the run as tables: the checks (each pass or FAIL with its detail), the figures,
// and one row per fault with the errors the clients saw around it and the recovery time.
import type { Check, Figure } from './checks.ts';

function table(head: string[], rows: string[][], max = 110): string {
  const cut = (s: string) => (s.length > max ? s.slice(0, max - 1) + '…' : s);
  const cells = [head, ...rows].map((r) => r.map(cut));
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => '| ' + r.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  return [line(cells[0]!), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...cells.slice(1).map(line)].join('\n');
}

export function report(o: { title: string; machine: string[]; checks: Check[]; figures: Figure[]; faultRows: string[][] }): string {
  const ok = o.checks.every((c) => c.ok);
  return [
    o.title,
    ...o.machine.map((m) => `  ${m}`),
    '',
    'Checks',
    table(['check', 'result', 'detail'], o.checks.map((c) => [c.name, c.ok ? 'pass' : 'FAIL', c.detail]), 160),
    '',
    'Figures',
    table(['figure', 'value'], o.figures.map((f) => [f.name, f.value]), 140),
    '',
    'Faults (errors seen: failed attempts the clients retried, from the fault until 2 minutes after its mend or until the next phase\'s faults; faults of one phase share them. Recovery: the last such error after the mend)',
    table(['fault', 'phase', 'target', 'down', 'errors seen', 'recovery', 'note'], o.faultRows, 90),
    '',
    ok ? `ALL ${o.checks.length} CHECKS PASS` : `${o.checks.filter((c) => !c.ok).length} OF ${o.checks.length} CHECKS FAIL`,
  ].join('\n');
}
