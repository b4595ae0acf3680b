// The server makes share-link secrets and password hashes; callers never choose them.
// mintShareLink and rotateShareSecret used to be GraphQL mutations taking the secret's sha256
// and the argon2 hash from the caller: a key could pick the URL of its link, or a password
// hash whose work factor made every password attempt cost seconds of a server thread.
import test from 'ava';
import argon2 from 'argon2';
import { createHash, randomBytes } from 'node:crypto';
import { ARGON2_PARAMS } from '../../../core/passwords.ts';
import { publish } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let key: string;
let deckId: string;
test.before(async () => {
  s = await startTestServer();
  key = (await seed.basicWorkspace(s.db.pool)).deckKey.key;
  const p = await publish(s.url, key, { 'index.html': '<h1>Shared</h1>' }, { title: 'Shared' });
  if (p.status !== 201) throw new Error(JSON.stringify(p.body));
  deckId = p.body.presentation.id;
});
test.after.always(() => s?.close());

const gql = (query: string, variables: Record<string, unknown>) => http(s.url, 'POST', '/graphql', { key, body: { query, variables } });
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64');
const chosen = () => 'chosen-' + randomBytes(8).toString('hex');
const path = (url: string) => url.slice(s.url.length);
const form = (password: string) => ({ raw: 'password=' + encodeURIComponent(password), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function mint(body: Record<string, unknown> = {}) {
  const r = await http(s.url, 'POST', `/api/v1/presentations/${deckId}/share-links`, { key, body });
  if (r.status !== 201) throw new Error(r.text);
  return r.body as { token: { id: string }; url: string };
}

test('a caller cannot mint a link with a secret of its choosing through GraphQL', async (t) => {
  const secret = chosen();
  const r = await gql(
    'mutation($deck: UUID!, $hash: Base64EncodedBinary!) { mintShareLink(input: { deck: $deck, tokenHash: $hash, name: "Mine" }) { result } }',
    { deck: deckId, hash: hashOf(secret) },
  );
  t.truthy(r.body.errors, r.text);
  t.is((await http(s.url, 'GET', `/v/${secret}/`)).status, 404, 'no link opens at the chosen secret');
  t.is((await s.db.pool.query(`select count(*)::int as n from app.share_links where name = 'Mine'`)).rows[0].n, 0);
});

test("a caller cannot replace a link's secret with one of its choosing", async (t) => {
  const link = await mint({ name: 'Rotated?' });
  const secret = chosen();
  const r = await gql('mutation($link: UUID!, $hash: Base64EncodedBinary!) { rotateShareSecret(input: { link: $link, tokenHash: $hash }) { result } }', {
    link: link.token.id,
    hash: hashOf(secret),
  });
  t.truthy(r.body.errors, r.text);
  t.is((await http(s.url, 'GET', `/v/${secret}/`)).status, 404);
  t.is((await http(s.url, 'GET', path(link.url))).status, 200, 'the link keeps the secret the server drew');
});

test('a caller cannot store a password hash of its choosing through GraphQL', async (t) => {
  const expensive = await argon2.hash('pw', { type: argon2.argon2id, memoryCost: 8192, timeCost: 1, parallelism: 1 });
  const r = await gql(
    'mutation($deck: UUID!, $hash: Base64EncodedBinary!, $pw: String!) { mintShareLink(input: { deck: $deck, tokenHash: $hash, name: "Hashed", passwordHash: $pw }) { result } }',
    { deck: deckId, hash: hashOf(chosen()), pw: expensive },
  );
  t.truthy(r.body.errors, r.text);
  t.is((await s.db.pool.query(`select count(*)::int as n from app.share_links where name = 'Hashed'`)).rows[0].n, 0);
});

test('the password hash is made by the server with its own argon2 parameters', async (t) => {
  const link = await mint({ password: 'open sesame' });
  const { rows } = await s.db.pool.query('select password_hash from app_private.share_link_secrets where link_id = $1', [link.token.id]);
  const [, variant, , params] = (rows[0].password_hash as string).split('$');
  t.is(variant, 'argon2id');
  t.deepEqual(Object.fromEntries(params!.split(',').map((kv) => kv.split('='))), { m: String(ARGON2_PARAMS.memoryCost), t: String(ARGON2_PARAMS.timeCost), p: String(ARGON2_PARAMS.parallelism) });
  t.is((await http(s.url, 'POST', path(link.url) + 'password', form('open sesame'))).status, 303);
});

test('a stored hash with parameters other than the server\'s is never verified, even with the right password', async (t) => {
  const link = await mint({ password: 'open sesame' });
  // What a caller-chosen hash left behind before the fix: right password, other work factor.
  const foreign = await argon2.hash('open sesame', { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
  await s.db.pool.query('update app_private.share_link_secrets set password_hash = $2 where link_id = $1', [link.token.id, foreign]);
  const r = await http(s.url, 'POST', path(link.url) + 'password', form('open sesame'));
  t.is(r.status, 401);
  t.true(r.text.includes('not right'));
  t.falsy(r.headers.getSetCookie().find((c) => c.startsWith('podium_link=')));
});
