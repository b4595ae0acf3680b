// Code host test helpers: real git against the local code host over loopback, signed
// deliveries written from GitHub's public push payload shape, and receipt reads.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { signBody, webhookSecret } from '../../core/codehost/webhook.ts';
import { TEST_AUTH_SECRET } from './server.ts';
import { until } from '../../ops/harness/until.ts';

export function tempDir(prefix = 'podium-git-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Runs git with no prompt and no user configuration; rejects with git's stderr. */
export async function git(cwd: string, args: string[]): Promise<string> {
  return (await gitOutput(cwd, args)).stdout.trim();
}

/** As git(), answering both streams: a push's `remote:` lines are on stderr. */
export function gitOutput(cwd: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'user.name=Tester', '-c', 'user.email=tester@x.test', '-c', 'init.defaultBranch=main', '-c', 'protocol.version=2', ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: cwd },
    }, (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve({ stdout, stderr })));
  });
}

/** The clone URL with the credential in it (tests only): username, then the hck_ key as password. */
export function cloneUrl(base: string, fullName: string, login: string, key: string): string {
  const u = new URL(`${base}/git/${fullName}.git`);
  u.username = login;
  u.password = key;
  return u.toString();
}

/** A commit of one file on the current branch; answers its sha. */
export async function commitFile(dir: string, name: string, content: string, message = `add ${name}`): Promise<string> {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path.join(dir, name), content);
  await git(dir, ['add', name]);
  await git(dir, ['commit', '-q', '-m', message]);
  return git(dir, ['rev-parse', 'HEAD']);
}

/** A push payload in the shape of GitHub's public examples (octokit/webhooks push/*.payload.json). */
export function pushFixture(fullName: string, over: Record<string, unknown> = {}) {
  const [owner, name] = fullName.split('/');
  return {
    ref: 'refs/heads/main',
    before: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
    after: '0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c',
    created: false,
    deleted: false,
    forced: false,
    base_ref: null,
    compare: `https://github.com/${fullName}/compare/6113728f27ae...0d1a26e67d8f`,
    commits: [],
    head_commit: null,
    repository: { id: 186853002, name, full_name: fullName, private: true, owner: { name: owner, login: owner, type: 'Organization' }, default_branch: 'main' },
    organization: { login: owner, id: 38302899 },
    pusher: { name: 'Codertocat', email: '21031067+Codertocat@users.noreply.github.com' },
    sender: { login: 'Codertocat', id: 21031067, type: 'User' },
    ...over,
  };
}

export interface Delivery {
  eventId: string;
  payload?: unknown;
  kind?: string;
  delivery?: string;
  secret?: string; // defaults to the event's real secret
  raw?: string;
  contentType?: string; // defaults to application/json (GitHub's webhook setting)
}

/** POSTs one signed delivery to /webhooks/github/{eventId}. */
export async function sendDelivery(base: string, d: Delivery): Promise<{ status: number; body: any }> {
  const body = d.raw ?? JSON.stringify(d.payload);
  const res = await fetch(`${base}/webhooks/github/${d.eventId}`, {
    method: 'POST',
    headers: {
      'content-type': d.contentType ?? 'application/json',
      'x-github-event': d.kind ?? 'push',
      'x-github-delivery': d.delivery ?? crypto.randomUUID(),
      'x-hub-signature-256': signBody(d.secret ?? webhookSecret(TEST_AUTH_SECRET, d.eventId), body),
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export interface ReceiptRow {
  seq: number;
  project_id: string | null;
  delivery_id: string;
  kind: string;
  ref: string | null;
  sha: string | null;
  verdict: string;
  refusal: string | null;
  late: boolean;
}

export async function receipts(pool: pg.Pool, eventId: string): Promise<ReceiptRow[]> {
  const { rows } = await pool.query('select seq, project_id, delivery_id, kind, ref, sha, verdict, refusal, late from app.submission_receipts where event_id = $1 order by seq', [eventId]);
  return rows;
}

/** Waits (polling the database, not the clock) until `n` receipts exist for the event; fails loudly naming them. */
export async function waitForReceipts(pool: pg.Pool, eventId: string, n: number, timeoutMs = 30_000): Promise<ReceiptRow[]> {
  return until(`${n} receipt(s) of event ${eventId}`, async () => {
    const rows = await receipts(pool, eventId);
    return rows.length >= n ? rows : null;
  }, timeoutMs, 25);
}

/**
 * Records a repository of the local code host as the event's, as provisioning does before it
 * creates one (core/codehost/ownership.ts); tests that make repositories with the driver
 * directly call this first. Throws unless the repository is now the event's.
 */
export async function ownRepository(pool: pg.Pool, eventId: string, fullName: string): Promise<void> {
  const { rows } = await pool.query('select app_private.own_local_repository($1, $2, false) as s', [eventId, fullName]);
  if (rows[0].s !== 'owned') throw new Error(`${fullName} is not the event's: ${rows[0].s}`);
}
