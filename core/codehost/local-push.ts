// After an accepted push to the local code host: one GitHub-shaped `push` delivery per
// changed ref, signed and POSTed to /webhooks/github/{eventId} of every event of the owner
// organization, as GitHub does for an organization webhook. Shapes follow GitHub's public
// push payload examples (ref, before, after, created, deleted, forced, commits, head_commit,
// repository, pusher, organization, sender).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { git } from './git.ts';
import type { LocalCodeHost } from './local.ts';
import { signBody, webhookSecret } from './webhook.ts';

const ZERO = '0'.repeat(40);

export interface RefChange {
  ref: string;
  before: string;
  after: string;
}

export function refChanges(before: Map<string, string>, after: Map<string, string>): RefChange[] {
  const changes: RefChange[] = [];
  for (const [ref, sha] of after) if (before.get(ref) !== sha) changes.push({ ref, before: before.get(ref) ?? ZERO, after: sha });
  for (const [ref, sha] of before) if (!after.has(ref)) changes.push({ ref, before: sha, after: ZERO });
  return changes;
}

interface Commit {
  id: string;
  message: string;
  timestamp: string;
  author: { name: string; email: string };
}

async function commitsOf(host: LocalCodeHost, fullName: string, change: RefChange): Promise<Commit[]> {
  if (change.after === ZERO) return [];
  const range = change.before === ZERO ? [change.after, '-n', '20'] : [`${change.before}..${change.after}`, '-n', '20'];
  const out = await git(['log', '--format=%H%x00%aI%x00%an%x00%ae%x00%B%x1e', ...range], { cwd: host.repositoryPath(fullName) });
  return out.split('\x1e').map((s) => s.replace(/^\n/, '')).filter(Boolean).map((rec) => {
    const [id, timestamp, name, email, message] = rec.split('\x00');
    return { id: id!, timestamp: timestamp!, author: { name: name!, email: email! }, message: (message ?? '').trim() };
  }).reverse();
}

export async function pushPayload(host: LocalCodeHost, publicUrl: string, fullName: string, change: RefChange, pusher: { login: string; email: string }) {
  const [owner, name] = fullName.split('/');
  const commits = await commitsOf(host, fullName, change);
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
export async function deliverDurably(pool: pg.Pool, publicUrl: string, authSecret: string, eventId: string, kind: string, payload: unknown): Promise<number> {
  const deliveryId = randomUUID();
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
