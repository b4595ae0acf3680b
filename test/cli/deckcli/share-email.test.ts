// share-email: a fresh link per send, mailed by the mail__send task (drain()) through a real
// SMTP listener;
// the secret is sealed in the queue and never in the answer.
import test from 'ava';
import argon2 from 'argon2';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { startSmtp } from '../../../ops/harness/smtp.ts';
import { drain } from '../../helpers/worker.ts';
import { makeHome, runDeckcli as deckcli } from './run.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let env: NodeJS.ProcessEnv;
let deckId: string;
test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url, CHROMIUM_PATH: 'off' } });
  const key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
  env = { ...makeHome().env, DECKS_API_KEY: key, DECKS_API_URL: s.url };
  const root = mkdtempSync(path.join(os.tmpdir(), 'mail-deck-'));
  writeFileSync(path.join(root, 'index.html'), '<h1>Quarterly</h1>');
  deckId = JSON.parse((await deckcli(['push', root, '--title', 'Quarterly', '--json'], env)).stdout).presentation.id;
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
});

const urlIn = (raw: string) => /^\s{4}(http\S+\/v\/[A-Za-z0-9_-]+\/)\s*$/m.exec(raw.replace(/=\r?\n/g, ''))?.[1];

test.serial('each send mints a fresh link; the URL travels sealed and arrives only in the mail', async (t) => {
  const r = await deckcli(['share-email', deckId, '--to', 'ann@example.test', '--message', 'For Monday', '--no-download'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Mailed a new share link to ann@example\.test \(link \S+\); its URL is only in that mail\n$/);
  t.notRegex(r.stdout + r.stderr, /\/v\//);
  const { rows } = await s.db.pool.query(`select payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'mail__send'`);
  t.is(rows.length, 1);
  t.false(JSON.stringify(rows[0].payload).includes('/v/'), 'no URL in plain text in the queue');
  await drain(s);
  t.is(smtp.mails.length, 1);
  const mail = smtp.mails[0]!;
  t.deepEqual(mail.to, ['ann@example.test']);
  t.regex(mail.raw, /Olive Owner shared the deck "Quarterly" with you:/);
  t.regex(mail.raw, /For Monday/);
  const first = urlIn(mail.raw)!;
  t.truthy(first);
  t.is((await fetch(first)).status, 200);
  await deckcli(['share-email', deckId, '--to', 'ann@example.test'], env);
  await drain(s);
  t.is(smtp.mails.length, 2);
  const second = urlIn(smtp.mails[1]!.raw)!;
  t.not(second, first, 'a fresh secret per send');
  const tokens = JSON.parse((await deckcli(['tokens', deckId, '--json'], env)).stdout).items;
  t.is(tokens.length, 2);
  t.false(tokens.find((x: { canDownload: boolean }) => !x.canDownload) === undefined);
});

test.serial('refusals: no --to, a bad address, a stranger deck, no mail driver', async (t) => {
  t.is((await deckcli(['share-email', deckId], env)).code, 1);
  t.is((await deckcli(['share-email', deckId, '--to', 'nope'], env)).code, 2);
  t.is((await deckcli(['share-email', '00000000-0000-4000-8000-000000000000', '--to', 'a@b.test'], env)).code, 1);
  const noMail = await startTestServer({ db: s.db, env: { EMAIL_DRIVER: 'none' } });
  try {
    const r = await http(noMail.url, 'POST', `/api/v1/presentations/${deckId}/share-links/email`, { key: env.DECKS_API_KEY, body: { to: 'a@b.test' } });
    t.is(r.status, 400);
    t.is(r.body.error.code, 'mail_unavailable');
  } finally {
    await noMail.close();
  }
});

test.serial('the password comes from --password-stdin or DECKS_SHARE_PASSWORD', async (t) => {
  const viaStdin = await deckcli(['share-email', deckId, '--to', 'pat@example.test', '--name', 'pw-stdin', '--password-stdin'], env, 'from-stdin\n');
  t.is(viaStdin.code, 0, viaStdin.stderr);
  const viaEnv = await deckcli(['share-email', deckId, '--to', 'pat@example.test', '--name', 'pw-env'], { ...env, DECKS_SHARE_PASSWORD: 'from-env' });
  t.is(viaEnv.code, 0, viaEnv.stderr);
  const none = await deckcli(['share-email', deckId, '--to', 'pat@example.test', '--name', 'pw-none'], env);
  t.is(none.code, 0, none.stderr);
  const links = (await http(s.url, 'GET', `/api/v1/presentations/${deckId}/share-links`, { key: env.DECKS_API_KEY })).body.items as { name: string; hasPassword: boolean }[];
  const has = (name: string) => links.find((l) => l.name === name)?.hasPassword;
  t.is(has('pw-stdin'), true);
  t.is(has('pw-env'), true);
  t.is(has('pw-none'), false);
  // The stored hash is of the password itself (the stdin line without its newline).
  const hash = async (name: string) =>
    (await s.db.pool.query(`select x.password_hash from app.share_links l join app_private.share_link_secrets x on x.link_id = l.id where l.name = $1`, [name])).rows[0].password_hash as string;
  t.true(await argon2.verify(await hash('pw-stdin'), 'from-stdin'));
  t.true(await argon2.verify(await hash('pw-env'), 'from-env'));
});
