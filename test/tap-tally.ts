// Counts ava's TAP output into the closing line. Kept strict so the line never reads
// `0 failed` for a run that failed: tests left unrun after a failing hook count as failed,
// a run with no plan (ava crashed) or a non-zero exit with no failure shows one failure,
// and `# TODO` tests are counted apart instead of as failures.
export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
  planned: number | null;
  skippedTitles: string[];
}

export function newTally(): Tally {
  return { passed: 0, failed: 0, skipped: 0, todo: 0, planned: null, skippedTitles: [] };
}

export function countLine(t: Tally, line: string): void {
  let m: RegExpMatchArray | null;
  if (/^not ok\b.*# TODO\b/i.test(line)) t.todo++;
  else if (/^not ok\b/.test(line)) t.failed++;
  else if ((m = line.match(/^ok \d+ - (.*) # SKIP\b/i))) {
    t.skipped++;
    t.skippedTitles.push(m[1]);
  } else if (/^ok \d+/.test(line)) t.passed++;
  else if ((m = line.match(/^# (\d+) tests? remaining in /))) t.failed += Number(m[1]);
  else if ((m = line.match(/^1\.\.(\d+)$/))) t.planned = Number(m[1]);
}

/** Settles the counts against how the runner ended: a failed run always shows a failure. */
export function settle(t: Tally, exitCode: number | null, ci: boolean): { tally: Tally; problems: string[] } {
  const problems: string[] = [];
  if (t.planned === null) problems.push('ava printed no plan (it crashed or was killed before reporting)');
  if (exitCode !== 0 && t.failed === 0) problems.push(`ava exited with ${exitCode === null ? 'a signal' : `code ${exitCode}`} and reported no failing test`);
  if (ci && t.skipped > 0) problems.push(`under CI no test may skip: ${t.skippedTitles.join('; ')}`);
  const failed = t.failed + (problems.length > 0 && t.failed === 0 ? 1 : 0);
  return { tally: { ...t, failed }, problems };
}

export function closingLine(t: Tally): string {
  return `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`;
}
