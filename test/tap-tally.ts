// Counts ava's TAP output into the closing line. Kept strict so the line never reads
// `0 failed` for a run that failed: tests left unrun after a failing hook count as failed,
// a run with no plan (ava crashed) or a non-zero exit with no failure shows one failure,
// and `# TODO` tests are counted apart instead of as failures. Each result is also counted
// under the test file it came from (ava prefixes titles with the file's path), so a run can
// re-run the files that failed (test/run.ts).
import path from 'node:path';

export interface FileTally {
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
  failedTitles: string[];
}

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
  planned: number | null;
  skippedTitles: string[];
  /** Results by test file (its path as given to ava); only for titles that name their file. */
  byFile: Map<string, FileTally>;
  /** Failures no file can be named for (a crash reported by its error's first line). */
  unattributed: string[];
}

/** Title prefix -> test file, as ava's TAP reporter prefixes titles: the path below the
 * folder the run's files have in common, the extension and `.test` dropped, parts joined
 * with ` › `. The prefix depends on the files selected, so each run builds its own. */
export type TestFiles = Map<string, string>;

/** The folder (with its trailing separator) that ava strips from the selected files' paths. */
export function commonFolder(files: string[]): string {
  const dirs = files.map((f) => path.dirname(f).split(path.sep));
  const common: string[] = [];
  for (let i = 0; dirs.every((d) => i < d.length && d[i] === dirs[0]![i]); i++) common.push(dirs[0]![i]!);
  return common.length === 0 ? '' : `${common.join(path.sep)}${path.sep}`;
}

export function testFiles(files: string[], base = commonFolder(files)): TestFiles {
  // A run of one file prints its titles bare: every result is that file's.
  if (files.length === 1) return new Map([['', files[0]!]]);
  const map: TestFiles = new Map();
  for (const f of files) {
    const rel = f.startsWith(base) ? f.slice(base.length) : f;
    const parts = rel.split(path.sep).filter((p) => p !== '__tests__');
    const name = parts.pop()!.replace(/\.spec\./, '.').replace(/\.test\./, '.').replace(/test-/, '').replace(/\.(ts|tsx|js|mjs)$/, '');
    map.set([...parts, name].join(' › '), f);
  }
  return map;
}

/** The file a prefixed title came from: the longest prefix that matches. */
export function fileOfTitle(files: TestFiles, title: string): string | null {
  let best: string | null = null;
  for (const prefix of files.keys()) {
    const matches = prefix === '' || title.startsWith(`${prefix} › `);
    if (matches && (best === null || prefix.length > best.length)) best = prefix;
  }
  return best === null ? null : files.get(best)!;
}

export function newTally(): Tally {
  return { passed: 0, failed: 0, skipped: 0, todo: 0, planned: null, skippedTitles: [], byFile: new Map(), unattributed: [] };
}

function fileTally(t: Tally, file: string): FileTally {
  let f = t.byFile.get(file);
  if (!f) t.byFile.set(file, (f = { passed: 0, failed: 0, skipped: 0, todo: 0, failedTitles: [] }));
  return f;
}

export function countLine(t: Tally, line: string, files: TestFiles = new Map()): void {
  let m: RegExpMatchArray | null;
  const title = line.match(/^(?:not )?ok \d+ - (.*?)(?: # (?:SKIP|TODO)\b.*)?$/i)?.[1] ?? '';
  const file = title ? fileOfTitle(files, title) : null;
  const f = file ? fileTally(t, file) : null;
  if (/^not ok\b.*# TODO\b/i.test(line)) {
    t.todo++;
    if (f) f.todo++;
  } else if (/^not ok\b/.test(line)) {
    t.failed++;
    if (f) {
      f.failed++;
      f.failedTitles.push(title);
    } else t.unattributed.push(title || line);
  } else if ((m = line.match(/^ok \d+ - (.*) # SKIP\b/i))) {
    t.skipped++;
    t.skippedTitles.push(m[1]);
    if (f) f.skipped++;
  } else if (/^ok \d+/.test(line)) {
    t.passed++;
    if (f) f.passed++;
  } else if ((m = line.match(/^# (\d+) tests? remaining in (.+)$/))) {
    t.failed += Number(m[1]);
    const g = fileTally(t, m[2]);
    g.failed += Number(m[1]);
    g.failedTitles.push(`${m[1]} left unrun`);
  } else if ((m = line.match(/^1\.\.(\d+)$/))) t.planned = Number(m[1]);
}

/** The files a re-run may settle: every failure names its file, and there are few of them
 * (more than `max` failing files is a broken build, not a flaky test). */
export function filesToRerun(t: Tally, max: number): string[] {
  if (t.failed === 0 || t.unattributed.length > 0) return [];
  const failing = [...t.byFile].filter(([, f]) => f.failed > 0).map(([file]) => file);
  return failing.length <= max ? failing : [];
}

/** Takes a re-run's results for each file that passed whole in it (no failure, at least one
 * pass); the first run's results stand for the others. Answers the counts and the settled files. */
export function applyRerun(first: Tally, rerun: Tally, files: string[]): { tally: Tally; settled: string[] } {
  const t: Tally = { ...first, byFile: new Map(first.byFile), skippedTitles: [...first.skippedTitles] };
  const settled: string[] = [];
  if (rerun.planned === null) return { tally: t, settled };
  for (const file of files) {
    const was = first.byFile.get(file);
    const now = rerun.byFile.get(file);
    if (!was || !now || now.failed > 0 || now.passed === 0) continue;
    t.passed += now.passed - was.passed;
    t.failed -= was.failed;
    t.skipped += now.skipped - was.skipped;
    t.todo += now.todo - was.todo;
    t.byFile.set(file, now);
    settled.push(file);
  }
  return { tally: t, settled };
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
