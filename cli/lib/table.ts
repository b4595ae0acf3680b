// Aligned columns for human output (data to stdout; the last column is never padded).
export function table(rows: string[][], gap = '  '): string[] {
  if (rows.length === 0) return [];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join(gap).trimEnd());
}
