// Share links by mail are bounded: SHARE_MAIL_BUCKETS per sender (the
// person, whichever key) and per recipient (the address's compatibility fold, across senders
// and workspaces). A refused send is 429 rate_limited in the wire shape with Retry-After, and
// leaves no share link and no mail behind (mail jobs run by drain() into a real SMTP listener).
// With REDIS_URL two API servers share the buckets (multi-replica rule 3).
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { SHARE_MAIL_BUCKETS } from '../../../core/rate-limit.ts';
import { publish } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { startSmtp } from '../../../ops/harness/smtp.ts';
import { drain } from '../../helpers/worker.ts';

const { sender: SENDER, recipient: RECIPIENT } = SHARE_MAIL_BUCKETS;
const REDIS_URL = process.env.REDIS_URL;
const run = randomBytes(4).toString('hex'); // recipients of this run only: Redis buckets outlive a run
let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url, CHROMIUM_PATH: 'off' } });
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
  if (REDIS_URL) {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`podium:rl:share-mail:to:*${run}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
});

/** A workspace whose owner has a deck key and one deck. */
async function sender(server: TestServer, name: string) {
  const { deckKey } = await seed.basicWorkspace(server.db.pool, name, `owner@${name.toLowerCase()}.test`);
  const r = await publish(server.url, deckKey.key, { 'index.html': '<h1>Deck</h1>' }, { title: `${name} deck` });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return { key: deckKey.key, deck: r.body.presentation.id as string, email: `owner@${name.toLowerCase()}.test` };
}
const mail = (server: TestServer, from: { key: string; deck: string }, to: string) =>
  http(server.url, 'POST', `/api/v1/presentations/${from.deck}/share-links/email`, { key: from.key, body: { to, message: 'Have a look' } });
const linksOf = async (deck: string) => (await s.db.pool.query('select count(*)::int as n from app.share_links where deck_id = $1', [deck])).rows[0].n;
const mailedTo = (to: string) => smtp.mails.filter((m) => m.to.some((x) => x.toLowerCase() === to.toLowerCase())).length;
const addr = (name: string) => `${name}-${run}@elsewhere.test`;

test.serial(`one sender's mail after ${SENDER.limit} in an hour is refused 429; nothing is minted or mailed for it`, async (t) => {
  const acme = await sender(s, 'Acme');
  for (let i = 0; i < SENDER.limit; i++) t.is((await mail(s, acme, addr(`r${i}`))).status, 201, `mail ${i + 1}`);
  const refused = await mail(s, acme, addr('one-too-many'));
  t.is(refused.status, 429);
  t.is(refused.body.error.code, 'rate_limited');
  t.regex(refused.body.error.message, new RegExp(`^You may mail ${SENDER.limit} share links an hour; try again in \\d+ minute\\(s\\)$`));
  t.true(refused.body.error.retryAfterSeconds > 0);
  t.is(refused.headers.get('retry-after'), String(refused.body.error.retryAfterSeconds));
  t.is(await linksOf(acme.deck), SENDER.limit, 'no link minted for the refused send');
  await drain(s);
  t.is(mailedTo(addr('one-too-many')), 0, 'no mail for the refused send');
  t.is(mailedTo(addr('r0')), 1);
  // Another key of the same person is the same sender; another person is not.
  const second = await seed.key(s.db.pool, acme.email, 'deck');
  t.is((await mail(s, { key: second.key, deck: acme.deck }, addr('one-too-many'))).status, 429);
  const globex = await sender(s, 'Globex');
  t.is((await mail(s, globex, addr('one-too-many'))).status, 201);
  await drain(s);
  t.is(mailedTo(addr('one-too-many')), 1, 'only the other sender\'s mail');
});

test.serial(`one address's mail after ${RECIPIENT.limit} in an hour is refused, across two senders of two workspaces`, async (t) => {
  const a = await sender(s, 'Initech');
  const b = await sender(s, 'Umbrella');
  const target = addr('target');
  for (let i = 0; i < RECIPIENT.limit; i++) {
    // Alternating senders; a different letter case is the same mailbox's bucket.
    const r = await mail(s, i % 2 ? b : a, i === 1 ? target.toUpperCase() : target);
    t.is(r.status, 201, `mail ${i + 1}`);
  }
  const linksBefore = (await linksOf(a.deck)) + (await linksOf(b.deck));
  for (const from of [a, b]) {
    const refused = await mail(s, from, target);
    t.is(refused.status, 429);
    t.is(refused.body.error.code, 'rate_limited');
    t.regex(refused.body.error.message, new RegExp(`This address was sent ${RECIPIENT.limit} share links in the last hour`));
    t.truthy(refused.headers.get('retry-after'));
  }
  t.is((await linksOf(a.deck)) + (await linksOf(b.deck)), linksBefore, 'no link minted for the refused sends');
  await drain(s);
  t.is(mailedTo(target), RECIPIENT.limit, 'nothing mailed for the refused sends');
  // The senders' own hours are not spent by the refusals: each still mails someone else.
  t.is((await mail(s, b, addr('someone-else'))).status, 201);
});

test.serial('a send SQL refuses counts in no bucket: a deck the caller may not share, an invalid address', async (t) => {
  const owner = await sender(s, 'Hooli');
  const other = await sender(s, 'Pied');
  const target = addr('refused-first');
  for (let i = 0; i < SENDER.limit + 1; i++) {
    t.is((await mail(s, other, target.replace('@', ' @'))).status, 400, 'invalid address');
    t.is((await mail(s, { key: other.key, deck: owner.deck }, target)).status, 404, 'another workspace\'s deck');
  }
  t.is((await mail(s, other, addr('pied-friend'))).status, 201, 'the sender\'s hour was not spent by refused sends');
  t.is((await mail(s, owner, target)).status, 201, 'the recipient\'s bucket was not spent by refused sends');
});

const redisTest = REDIS_URL ? test.serial : test.serial.skip;
redisTest('with REDIS_URL the buckets are shared: the sender\'s hour spent on one server is refused on the other', async (t) => {
  const a = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url, CHROMIUM_PATH: 'off', REDIS_URL: REDIS_URL! } });
  const b = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url, CHROMIUM_PATH: 'off', REDIS_URL: REDIS_URL! }, db: a.db });
  try {
    t.is(b.limiter.backend, 'redis');
    const from = await sender(a, 'Redis');
    for (let i = 0; i < SENDER.limit; i++) t.is((await mail(a, from, addr(`redis${i}`))).status, 201, `mail ${i + 1}`);
    const refused = await mail(b, from, addr('redis-late'));
    t.is(refused.status, 429);
    t.is(refused.body.error.code, 'rate_limited');
  } finally {
    const redis = new Redis(REDIS_URL!);
    const id = (await a.db.pool.query(`select id from app.users where email = 'owner@redis.test'`)).rows[0]?.id;
    if (id) await redis.del(`podium:rl:share-mail:from:${id}`);
    redis.disconnect();
    await b.close();
    await a.close();
  }
});
