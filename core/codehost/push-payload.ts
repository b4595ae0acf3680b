// A local push as GitHub would deliver it: one `push` payload per changed ref, shaped after
// GitHub's public push payload examples (ref, before, after, created, deleted, forced,
// commits, head_commit, repository, pusher, organization, sender), so the intake records a
// local push and a GitHub one by the same rule.
import { createHash } from 'node:crypto';
import { ZERO, type Commit, type RefChange } from './git-log.ts';

/** The delivery of one change, from its commits (git-log.ts) and the pusher. */
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

/**
 * The delivery id of change `index` of one push report for one event: a UUID-shaped hex of
 * sha256(`reportId:eventId:index`). The report id is the random name the git route gives
 * the report file of one request, so recording that report again (the queued job after a
 * failed attempt in process) uses the same ids, and the intake (app_private.record_delivery)
 * records each once.
 */
export function pushDeliveryId(reportId: string, eventId: string, index: number): string {
  const h = createHash('sha256').update(`${reportId}:${eventId}:${index}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
