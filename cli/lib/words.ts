// Counts and sizes as people read them: `1 file`, `2 files`; `812 B`, `3.4 KB`, `1.2 MB`.
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/**
 * A size in megabytes (MiB, as `limits.maxFileSizeMb` and the deck spec's `X MB` count them):
 * one decimal from 0.1 MB up; below it two significant digits (812 B is `0.00077 MB`, never a
 * `0.0 MB` that reads as empty).
 */
export function inMegabytes(bytes: number): string {
  const mb = bytes / 1048576;
  if (mb === 0) return '0 MB';
  if (mb >= 0.1) return `${mb.toFixed(1)} MB`;
  const digits = Math.ceil(-Math.log10(mb)) + 1;
  return `${mb.toFixed(digits).replace(/0+$/, '')} MB`;
}

export function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
