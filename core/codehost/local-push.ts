// After an accepted push to the local code host: one GitHub-shaped `push` delivery per
// changed ref, signed and POSTed to /webhooks/github/{eventId} of every event of the owner
// organization, as GitHub does for an organization webhook. Shapes follow GitHub's public
// push payload examples (ref, before, after, created, deleted, forced, commits, head_commit,
// repository, pusher, organization, sender).
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../log.ts';
import { git } from './git.ts';
import { signBody, webhookSecret } from './webhook.ts';

const ZERO = '0'.repeat(40);

export interface RefChange {
  ref: string;
  before: string;
  after: string;
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

/** git log's format for a delivery's commits: fields split by NUL, records ended by RS. */
const LOG_FORMAT = '%H%x00%aI%x00%an%x00%ae%x00%B%x1e';
/** Ends one change's commits in the hook's commits file. */
const CHANGE_END = '\x1d';
/** Marks a change whose commits the hook could not read (the API reads them itself). */
const LOG_FAILED = '\x15';

/**
 * The post-receive hook the local host runs under http-backend. git hands it the refs the push
 * updated on standard input; it copies them to $PODIUM_PUSH_REPORT and writes each change's
 * commits (git log, at most 20, newest first, then a GS byte) to $PODIUM_PUSH_REPORT.commits.
 * It runs in git's own small process tree, so the API does not fork a `git log` per push: a
 * fork from the API costs time on its event loop that grows with its memory (docs/PERFORMANCE.md).
 */
export const POST_RECEIVE_HOOK = `#!/bin/sh
# Podium's local code host (core/codehost/local-push.ts): the updated refs, then their commits.
[ -n "$PODIUM_PUSH_REPORT" ] || exit 0
zero=${ZERO}
tee "$PODIUM_PUSH_REPORT" | while read -r old new ref; do
  if [ "$new" != "$zero" ]; then
    if [ "$old" = "$zero" ]; then range="$new"; else range="$old..$new"; fi
    git log -n 20 '--format=${LOG_FORMAT}' "$range" || printf '\\025'
  fi
  printf '\\035'
done > "$PODIUM_PUSH_REPORT.commits"
# Where the push stands (pushNotice): git shows a hook's output to the pusher as remote: lines.
[ -z "$PODIUM_PUSH_NOTICE" ] || printf '%s\n' "$PODIUM_PUSH_NOTICE" >&2
exit 0
`;

/** app_private.local_push_phase's answer: a team repository's event, by the server clock. */
export interface PushPhase {
  phase: 'scheduled' | 'building' | 'grace' | 'closed';
  freezeAt: string;
  branch: string;
}

/**
 * What the pusher to a team repository is told after the build end (null before): in grace
 * that pushes still count until the freeze, after it that this push is late and does not
 * count. The phase is SQL's (app.now()), read as the push starts; the freeze only moves
 * forward, so a push that starts after it is recorded late.
 */
export function pushNotice(p: PushPhase | null): string | null {
  if (p?.phase === 'grace') return `Podium: the build time is over; pushes to ${p.branch} still count until the freeze at ${p.freezeAt}, none after.`;
  if (p?.phase === 'closed') return `Podium: this push arrived after the freeze (${p.freezeAt}): it is recorded as late and does not count; the submission is the last push to ${p.branch} received before the freeze.`;
  return null;
}

interface Commit {
  id: string;
  message: string;
  timestamp: string;
  author: { name: string; email: string };
}

/** git log's output in LOG_FORMAT (newest first) as a delivery's commits, oldest first. */
function parseLog(out: string): Commit[] {
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

/** The delivery of one change, from its commits (commitsOf) and the pusher. */
export function pushPayload(publicUrl: string, fullName: string, change: RefChange, commits: Commit[], pusher: { login: string; email: string }) {
  const [owner, name] = fullName.split('/');
  const repoUrl = `${publicUrl}/git/${fullName}`;
  return {
    ref: change.ref,
    before: change.before,
    after: change.after,
    created: change.before === ZERO,
    deleted: change.after === ZERO,
    forced: false,
    base_ref: null,
    compare: `${repoUrl}/compare/${change.before.slice(0, 12)}...${change.after.slice(0, 12)}`,
    commits,
    head_commit: commits[commits.length - 1] ?? null,
    repository: { name, full_name: fullName, private: true, owner: { name: owner, login: owner }, html_url: repoUrl, clone_url: `${repoUrl}.git` },
    pusher: { name: pusher.login, email: pusher.email },
    organization: { login: owner },
    sender: { login: pusher.login },
  };
}

/** A status that will not change by sending again: accepted, or refused for good. */
export const isFinal = (status: number) => status !== 0 && status < 500 && status !== 429;

/**
 * Signs and POSTs one delivery, retrying what may pass later (unreachable, 5xx, 429) with
 * backoff under the same delivery id, so a delivery that did land is recorded once.
 * Answers the last HTTP status (0 when unreachable).
 */
export async function deliver(publicUrl: string, authSecret: string, eventId: string, kind: string, payload: unknown, attempts = 5, deliveryId: string = randomUUID()): Promise<number> {
  let status = 0;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 500 * 2 ** (i - 1)));
    status = await deliverOnce(publicUrl, authSecret, eventId, kind, payload, deliveryId);
    if (isFinal(status)) return status;
  }
  return status;
}

/** How long the queued copy of a delivery waits before it runs (the API tries first). */
export const SAFETY_NET_SECONDS = 30;

/**
 * A delivery that survives the API process: the same delivery (same id) is first queued as
 * a `codehost__deliver_push` job due in 30 s, then sent at once from here. When this
 * process gets a final answer it removes the job; when it dies or the webhook stays
 * unreachable, a worker replica sends it (graphile-worker retries with backoff). Should
 * both send it, the intake records the delivery id once.
 */
export async function deliverDurably(pool: pg.Pool, publicUrl: string, authSecret: string, eventId: string, kind: string, payload: unknown, deliveryId: string = randomUUID()): Promise<number> {
  const jobKey = `push-delivery:${deliveryId}`;
  await pool.query(
    `select graphile_worker.add_job('codehost__deliver_push', $1::json, job_key => $2,
       run_at => now() + make_interval(secs => $3), max_attempts => 12)`,
    [JSON.stringify({ eventId, kind, deliveryId, payload }), jobKey, SAFETY_NET_SECONDS],
  );
  const status = await deliver(publicUrl, authSecret, eventId, kind, payload, 5, deliveryId);
  if (isFinal(status)) await pool.query('select graphile_worker.remove_job($1)', [jobKey]);
  return status;
}

/**
 * The delivery id of change `index` of one push report for one event: a UUID-shaped hex of
 * sha256(`reportId:eventId:index`). The report id is the random name the git route gives
 * the report file of one request, so every attempt at delivering that report sends the same
 * ids, and the intake (app_private.record_delivery) records each once.
 */
export function pushDeliveryId(reportId: string, eventId: string, index: number): string {
  const h = createHash('sha256').update(`${reportId}:${eventId}:${index}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export interface PushDeliveryDeps {
  pool: pg.Pool;
  host: { repositoryPath(fullName: string): string };
  config: { publicUrl: string; authSecret: string }; // read at delivery time
  log: Logger;
}

/** One accepted push as the git route saw it: git's report (post-receive lines) under its random id. */
export interface PushReport {
  id: string;
  fullName: string;
  text: string;
  /** The hook's commits file (POST_RECEIVE_HOOK), when it wrote one. */
  commits?: string | null;
  user: { email: string };
}

/**
 * Delivers one push report: per owning event and changed ref, a durable delivery
 * (deliverDurably) under pushDeliveryId. Throws when the targets or the commits cannot be
 * read; running it again sends the same delivery ids, so nothing is recorded twice.
 */
export async function deliverPushReport(deps: PushDeliveryDeps, report: PushReport): Promise<void> {
  const { pool, host, config, log } = deps;
  const changes = parsePostReceive(report.text);
  if (changes.length === 0) return;
  // Each owning event with the pusher's code-host login on its roster (one query), while
  // git reads the commits of each change.
  const [{ rows: targets }, commits] = await Promise.all([
    pool.query(
      `select t.id, (select r.github_login from app.roster_entries r where r.event_id = t.id and app_private.normalize_email(r.email) = app_private.normalize_email($2) limit 1) as login
         from app_private.local_webhook_targets($1) as t (id)`, [report.fullName, report.user.email]),
    Promise.all(commitsFromHook(report.commits, changes.length).map((fromHook, i) => fromHook ?? commitsOf(host, report.fullName, changes[i]!))),
  ]);
  for (const target of targets) {
    const login = (target.login as string | null) ?? report.user.email;
    for (const [i, change] of changes.entries()) {
      const payload = pushPayload(config.publicUrl, report.fullName, change, commits[i]!, { login, email: report.user.email });
      const status = await deliverDurably(pool, config.publicUrl, config.authSecret, target.id, 'push', payload, pushDeliveryId(report.id, target.id, i));
      if (status !== 202) log.warn({ repository: report.fullName, ref: change.ref, status }, 'push delivery not accepted');
    }
  }
}

/**
 * Waits before each new attempt at a whole push report, in ms: about 30 s in all, so a
 * PostgreSQL restart or a pool briefly refusing (a few seconds) is outlasted, while a
 * report is not held in memory for long. Nothing is queued before the first query
 * succeeds, so these attempts are the only thing between a failure there and a lost receipt.
 */
export const PUSH_REPORT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

/**
 * deliverPushReport, run again with backoff while it throws (same report, same delivery ids).
 * Logs each failed attempt at warn and giving up at error; never rejects. Answers whether
 * the report was delivered (each delivery sent, or queued for the worker).
 */
export async function deliverPushReportRetrying(deps: PushDeliveryDeps, report: PushReport, delaysMs: readonly number[] = PUSH_REPORT_RETRY_DELAYS_MS): Promise<boolean> {
  const attempts = delaysMs.length + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      await deliverPushReport(deps, report);
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const where = { repository: report.fullName, report: report.id, attempt, attempts };
      if (attempt >= attempts) {
        deps.log.error({ ...where, err: message }, 'push delivery gave up');
        return false;
      }
      deps.log.warn({ ...where, err: message, retryInMs: delaysMs[attempt - 1] }, 'push delivery failed');
      await new Promise((r) => setTimeout(r, delaysMs[attempt - 1]));
    }
  }
}

/** One signed POST of a delivery; the queued job calls it with the delivery's own id. */
export async function deliverOnce(publicUrl: string, authSecret: string, eventId: string, kind: string, payload: unknown, deliveryId: string): Promise<number> {
  const body = JSON.stringify(payload);
  try {
    const res = await fetch(`${publicUrl}/webhooks/github/${eventId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': kind,
        'x-github-delivery': deliveryId,
        'x-hub-signature-256': signBody(webhookSecret(authSecret, eventId), body),
        'user-agent': 'Podium-Hookshot/local',
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
