// What git tells of a push to the local code host: the post-receive hook's report (the refs a
// push updated) and each change's commits, written by the hook (core/codehost/post-receive.sh)
// or read with `git log` when the hook's file is not whole.
import { readFileSync } from 'node:fs';
import { git } from './git.ts';

export const ZERO = '0'.repeat(40);

/**
 * The post-receive hook the local host runs under http-backend (a real file beside this one).
 * git hands it the refs the push updated on standard input; it copies them to
 * $PODIUM_PUSH_REPORT and writes each change's commits (git log in LOG_FORMAT, at most 20,
 * newest first, then a GS byte) to $PODIUM_PUSH_REPORT.commits. It runs in git's own small
 * process tree, so the API does not fork a `git log` per push: a fork from the API costs time
 * on its event loop that grows with its memory (docs/PERFORMANCE.md).
 */
export const POST_RECEIVE_HOOK = readFileSync(new URL('./post-receive.sh', import.meta.url), 'utf8');

export interface RefChange {
  ref: string;
  before: string;
  after: string;
}

export interface Commit {
  id: string;
  message: string;
  timestamp: string;
  author: { name: string; email: string };
}

/**
 * The refs a push changed, from git's own report: the post-receive hook's standard input
 * (githooks(5): one `<old-oid> SP <new-oid> SP <ref-name> LF` per updated ref, zeros for a
 * created or deleted ref). Only refs receive-pack actually updated are named.
 */
export function parsePostReceive(report: string): RefChange[] {
  const changes: RefChange[] = [];
  for (const line of report.split('\n')) {
    if (!line) continue;
    const [before, after, ref, ...rest] = line.split(' ');
    if (!before || !after || !ref || rest.length || !/^[0-9a-f]{40}$/.test(before) || !/^[0-9a-f]{40}$/.test(after)) {
      throw new Error(`unexpected post-receive line: ${line.slice(0, 200)}`);
    }
    changes.push({ ref, before, after });
  }
  return changes;
}

/** git log's format for a change's commits: fields split by NUL, records ended by RS (the hook uses the same). */
export const LOG_FORMAT = '%H%x00%aI%x00%an%x00%ae%x00%B%x1e';
/** Ends one change's commits in the hook's commits file. */
const CHANGE_END = '\x1d';
/** Marks a change whose commits the hook could not read (the API reads them itself). */
const LOG_FAILED = '\x15';

/** git log's output in LOG_FORMAT (newest first) as a change's commits, oldest first. */
export function parseLog(out: string): Commit[] {
  return out.split('\x1e').map((s) => s.replace(/^\n/, '')).filter(Boolean).map((rec) => {
    const [id, timestamp, name, email, message] = rec.split('\x00');
    return { id: id!, timestamp: timestamp!, author: { name: name!, email: email! }, message: (message ?? '').trim() };
  }).reverse();
}

/** The commits a change brought (at most 20, oldest first), read with `git log`. */
export async function commitsOf(host: { repositoryPath(fullName: string): string }, fullName: string, change: RefChange): Promise<Commit[]> {
  if (change.after === ZERO) return [];
  const range = change.before === ZERO ? [change.after, '-n', '20'] : [`${change.before}..${change.after}`, '-n', '20'];
  return parseLog(await git(['log', `--format=${LOG_FORMAT}`, ...range], { cwd: host.repositoryPath(fullName) }));
}

/**
 * The commits of each of `count` changes from the hook's commits file; null for a change the
 * file does not hold whole (the hook's git log failed, an older hook wrote no file, or it was
 * cut short), which the caller then reads with commitsOf.
 */
export function commitsFromHook(text: string | null | undefined, count: number): (Commit[] | null)[] {
  const groups = text ? text.split(CHANGE_END) : [];
  // Each change ends with CHANGE_END: a whole file has count + 1 pieces, the last one empty.
  const whole = groups.length === count + 1 && groups[count] === '';
  return Array.from({ length: count }, (_, i) => (whole && !groups[i]!.includes(LOG_FAILED) ? parseLog(groups[i]!) : null));
}

/** Each change's commits: from the hook's file where it is whole, else with `git log`. */
export function commitsOfChanges(host: { repositoryPath(fullName: string): string }, fullName: string, changes: RefChange[], hookText: string | null | undefined): Promise<Commit[][]> {
  return Promise.all(commitsFromHook(hookText, changes.length).map((fromHook, i) => fromHook ?? commitsOf(host, fullName, changes[i]!)));
}
