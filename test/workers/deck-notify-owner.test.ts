// Owner mails on form activity, through the deck__notify_owner task (run by runJobs, no
// running worker) and a real SMTP listener: one kind for a new response, another for an
// edit, never the answers, at most one per deck per ten minutes (test clock), silenced per
// deck by the notify switch. "No mail" is checked once the queue is drained.
import test from 'ava';
import { publish } from '../helpers/deck.ts';
import { cookieFrom, http, setClock } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtp } from '../../ops/harness/smtp.ts';
import { queuedJobs, runJobs } from '../helpers/worker.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let key: string;
test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url, CHROMIUM_PATH: 'off' } });
  key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
});
test.after.always(async () => {
  await setClock(s.url, 0).catch(() => {});
  await s?.close();
  await smtp?.close();
});

async function deckWithLink(title: string) {
  const id = (await publish(s.url, key, { 'index.html': 'form deck' }, { title })).body.presentation.id as string;
  const r = await http(s.url, 'POST', `/api/v1/presentations/${id}/share-links`, { key, body: {} });
  const page = await http(s.url, 'GET', r.body.url.slice(s.url.length));
  return { id, path: r.body.url.slice(s.url.length) as string, cookie: cookieFrom(page, 'podium_v') };
}

/** A raw mail as a person reads it: MIME encoded words and quoted-printable undone. */
function readable(raw: string): string {
  const qp = (x: string) => x.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const headersDone = raw
    .replace(/\?=\r\n\s+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) => qp(q.replace(/_/g, ' ')));
  return qp(headersDone.replace(/=\r\n/g, ''));
}

/** Runs the due jobs (every one succeeds) and answers the mails received so far. */
async function drain(): Promise<typeof smtp.mails> {
  const ran = await runJobs(s);
  if (ran.some((j) => !j.ok)) throw new Error(`a job failed: ${JSON.stringify(ran)}`);
  const left = await queuedJobs(s.db.pool);
  if (left.length) throw new Error(`jobs left in the queue: ${JSON.stringify(left)}`);
  return smtp.mails;
}

test.serial('a new response mails the owner once, without the answers; an edit within ten minutes mails nothing', async (t) => {
  const d = await deckWithLink('Survey deck');
  const before = smtp.mails.length;
  await http(s.url, 'POST', d.path + 'forms/poll', { body: { secret: 'ANSWER-7731' }, cookie: d.cookie });
  const mails = await drain();
  t.is(mails.length, before + 1);
  const mail = mails[before];
  t.deepEqual(mail.to, ['owner@acme.test']);
  t.regex(readable(mail.raw), /New form response on "Survey deck"/);
  t.false(mail.raw.includes('ANSWER-7731'));
  t.false(mail.raw.includes('secret'));
  await setClock(s.url, 5 * 60);
  await http(s.url, 'POST', d.path + 'forms/poll', { body: { secret: 'ANSWER-7732' }, cookie: d.cookie });
  await http(s.url, 'POST', d.path + 'forms/poll', { body: { secret: 'another browser' } });
  t.is((await drain()).length, before + 1, 'throttled: no second mail within ten minutes');
  await setClock(s.url, 0);
});

test.serial('after ten minutes an edit mails the owner with the edit kind', async (t) => {
  const d = await deckWithLink('Edit deck');
  const before = smtp.mails.length;
  await http(s.url, 'POST', d.path + 'forms/poll', { body: { a: '1' }, cookie: d.cookie });
  t.is((await drain()).length, before + 1);
  await setClock(s.url, 10 * 60 + 1);
  await http(s.url, 'POST', d.path + 'forms/poll', { body: { a: 'ANSWER-EDITED' }, cookie: d.cookie });
  const mails = await drain();
  t.is(mails.length, before + 2);
  t.regex(readable(mails[before + 1].raw), /A form response was edited on "Edit deck"/);
  t.notRegex(readable(mails[before].raw), /edited/);
  t.false(mails[before + 1].raw.includes('ANSWER-EDITED'));
  await setClock(s.url, 0);
});

test.serial('the notify switch silences one deck without touching its forms', async (t) => {
  const d = await deckWithLink('Quiet deck');
  const off = await http(s.url, 'PUT', `/api/v1/presentations/${d.id}/notify`, { key, body: { enabled: false } });
  t.deepEqual(off.body, { presentationId: d.id, notify: false });
  const before = smtp.mails.length;
  const r = await http(s.url, 'POST', d.path + 'forms/poll', { body: { a: '1' } });
  t.is(r.status, 201);
  t.is((await drain()).length, before, 'silenced: no mail');
  await http(s.url, 'PUT', `/api/v1/presentations/${d.id}/notify`, { key, body: { enabled: true } });
  await http(s.url, 'POST', d.path + 'forms/poll', { body: { a: '2' } });
  const mails = await drain();
  t.is(mails.length, before + 1, 'switched back on: the next response mails');
  t.regex(readable(mails[before].raw), /"Quiet deck"/);
});

test.serial('mails are throttled per deck: another deck still gets its own', async (t) => {
  const a = await deckWithLink('Deck A');
  const b = await deckWithLink('Deck B');
  const before = smtp.mails.length;
  await http(s.url, 'POST', a.path + 'forms/f', { body: { x: '1' } });
  await http(s.url, 'POST', a.path + 'forms/f', { body: { x: '2' } });
  await http(s.url, 'POST', b.path + 'forms/f', { body: { x: '1' } });
  t.is((await drain()).length, before + 2);
  const subjects = smtp.mails.slice(before).map((m) => /Deck [AB]/.exec(readable(m.raw))![0]).sort();
  t.deepEqual(subjects, ['Deck A', 'Deck B']);
});
