// The exchange: a hub and two cloud instances on loopback. The hub signs a token
// for one instance and a one-time grant; the instance verifies the token against the hub's
// published keys, redeems the grant exactly once and answers an ordinary local key that acts
// in every organization of the account. Stolen tokens and grants used twice, late, at another
// instance or with another token are refused; rotation of the hub's key is picked up.
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { newSigningKey, privateKeyOf, signToken } from '../../../core/hub/token.ts';
import { startTestHub, type TestHub } from '../../helpers/hub.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let hub: TestHub;
let a: TestServer & { secret: string };
let b: TestServer & { secret: string };
let acme: { id: string }, studio: { id: string }, other: { id: string }, onB: { id: string };
let ann: string; // Ann's hub login
test.before(async () => {
  hub = await startTestHub();
  a = await hub.instance('Cloud A');
  b = await hub.instance('Cloud B');
  acme = await hub.organization('Acme', a.url, ['deck', 'hackathon']);
  studio = await hub.organization('Acme Studio', a.url, ['deck']);
  other = await hub.organization('Globex', a.url, ['deck', 'hackathon']);
  onB = await hub.organization('Acme on B', b.url, ['deck']);
  await hub.member(acme.id, 'ann@acme.test', 'admin', 'Ann');
  await hub.member(studio.id, 'ann@acme.test', 'member');
  await hub.member(onB.id, 'ann@acme.test', 'owner');
  await hub.member(other.id, 'gus@globex.test', 'owner');
  await hub.pool.query('select hub_private.set_team($1, $2, $3, $4)', [acme.id, 'design', 'Design', ['ann@acme.test']]);
  await hub.pool.query('select hub_private.set_team($1, $2, $3, $4)', [acme.id, 'ops', 'Ops', []]);
  ann = await hub.signIn('ann@acme.test');
});
test.after.always(() => hub?.close());

async function exchange(login: string, instance: string, tool: 'deck' | 'hackathon') {
  return http(hub.url, 'POST', '/hub/v1/exchange', { key: login, body: { instance, tool } });
}

async function redeemAt(instance: TestServer, token: string, grant: string) {
  return http(instance.url, 'POST', '/api/v1/cli/auth/hub', { body: { token, grant } });
}

test.serial('exchange then sign-in: an ordinary hck_ key for every organization of the account, person made on first exchange', async (t) => {
  const x = await exchange(ann, a.url, 'hackathon');
  t.is(x.status, 200, x.text);
  t.regex(x.body.grant, /^hg_[A-Za-z0-9_-]{43}$/);
  t.is(x.body.token.split('.').length, 3);
  t.is(x.body.instance.url, a.url);
  const claims = JSON.parse(Buffer.from(x.body.token.split('.')[1], 'base64url').toString());
  t.like(claims, { iss: hub.url, aud: a.url, tool: 'hackathon', email: 'ann@acme.test' });
  t.is(claims.exp - claims.iat, 90);
  t.is((await a.db.pool.query(`select count(*)::int as n from app.users where email = 'ann@acme.test'`)).rows[0].n, 0, 'no person before the first exchange');
  const r = await redeemAt(a, x.body.token, x.body.grant);
  t.is(r.status, 201, r.text);
  t.regex(r.body.key, /^hck_/);
  t.deepEqual(r.body.scopes, ['hackathon:read', 'hackathon:write']);
  t.is(r.body.workspaceId, null, 'not pinned: valid for every organization');
  t.is(r.body.user.email, 'ann@acme.test');
  const stored = await a.db.pool.query(`select created_via from app_private.api_keys where id = $1`, [r.body.id]);
  t.is(stored.rows[0].created_via, 'hub');
  const ws = await http(a.url, 'GET', '/api/v1/workspaces', { key: r.body.key });
  t.deepEqual(ws.body.items.map((w: { name: string; organizationId: string; role: string }) => [w.name, w.organizationId, w.role]), [
    ['Acme', acme.id, 'admin'],
    ['Acme Studio', studio.id, 'member'],
  ]);
  t.true(ws.body.items.find((w: { name: string }) => w.name === 'Acme').isDefault, 'the hub account default organization');
  const me = await http(a.url, 'GET', '/api/v1/me', { key: r.body.key, headers: { 'podium-organization': studio.id } });
  t.is(me.body.workspace.name, 'Acme Studio');
  const teams = await http(a.url, 'GET', '/api/v1/teams', { key: r.body.key, headers: { 'podium-organization': acme.id } });
  t.deepEqual(teams.body.items.map((x: { slug: string; hubManaged: boolean; memberCount: number }) => [x.slug, x.hubManaged, x.memberCount]).sort(), [
    ['design', true, 1],
    ['ops', true, 0],
  ]);
  // A second exchange maps to the same person.
  const x2 = await exchange(ann, a.url, 'deck');
  const r2 = await redeemAt(a, x2.body.token, x2.body.grant);
  t.is(r2.status, 201, r2.text);
  t.regex(r2.body.key, /^dk_/);
  t.is(r2.body.user.id, r.body.user.id);
  t.is((await a.db.pool.query(`select count(*)::int as n from app_private.hub_accounts`)).rows[0].n, 1);
});

test.serial('a grant works once: the same token and grant again are refused, and nothing is minted', async (t) => {
  const x = await exchange(ann, a.url, 'deck');
  t.is((await redeemAt(a, x.body.token, x.body.grant)).status, 201);
  const keys = (await a.db.pool.query('select count(*)::int as n from app_private.api_keys')).rows[0].n;
  const again = await redeemAt(a, x.body.token, x.body.grant);
  t.is(again.status, 401);
  t.is(again.body.error.code, 'hub_grant_invalid');
  t.regex(again.body.error.message, /already redeemed/);
  t.is((await a.db.pool.query('select count(*)::int as n from app_private.api_keys')).rows[0].n, keys);
});

test.serial('two relays of one token and grant at once: exactly one key', async (t) => {
  const x = await exchange(ann, a.url, 'deck');
  const both = await Promise.all([redeemAt(a, x.body.token, x.body.grant), redeemAt(a, x.body.token, x.body.grant), redeemAt(a, x.body.token, x.body.grant)]);
  t.deepEqual(both.map((r) => r.status).sort(), [201, 401, 401]);
});

test.serial('a token minted for instance A is refused by B before any redemption; A still takes it', async (t) => {
  const x = await exchange(ann, a.url, 'deck');
  const before = hub.count('/hub/v1/grants/redeem');
  const atB = await redeemAt(b, x.body.token, x.body.grant);
  t.is(atB.status, 401);
  t.is(atB.body.error.code, 'hub_token_invalid');
  t.regex(atB.body.error.message, /minted for another instance/);
  t.is(hub.count('/hub/v1/grants/redeem'), before, 'B never asked the hub');
  t.is((await redeemAt(a, x.body.token, x.body.grant)).status, 201);
});

test.serial("a grant redeemed by another instance's secret, or with another token, is refused by the hub", async (t) => {
  const x = await exchange(ann, a.url, 'deck');
  const jti = JSON.parse(Buffer.from(x.body.token.split('.')[1], 'base64url').toString()).jti;
  const asB = await http(hub.url, 'POST', '/hub/v1/grants/redeem', { key: b.secret, body: { grant: x.body.grant, jti } });
  t.is(asB.status, 401);
  t.is(asB.body.error.code, 'hub_grant_invalid');
  t.regex(asB.body.error.message, /another instance/);
  const otherToken = await exchange(ann, a.url, 'deck');
  const mixed = await redeemAt(a, otherToken.body.token, x.body.grant);
  t.is(mixed.status, 401);
  t.is(mixed.body.error.code, 'hub_grant_invalid');
  t.regex(mixed.body.error.message, /another token/);
  const noSecret = await http(hub.url, 'POST', '/hub/v1/grants/redeem', { key: 'not-a-registered-instance-secret-000000', body: { grant: x.body.grant, jti } });
  t.is(noSecret.status, 401);
  t.is(noSecret.body.error.code, 'unauthorized');
  t.is((await redeemAt(a, x.body.token, x.body.grant)).status, 201, 'the refusals spent nothing');
});

test.serial('an expired token is refused at the instance clock; an expired grant at the hub clock', async (t) => {
  const x = await exchange(ann, a.url, 'deck');
  await http(a.url, 'PUT', '/api/v1/test/clock', { body: { offsetSeconds: 120 } });
  try {
    const late = await redeemAt(a, x.body.token, x.body.grant);
    t.is(late.status, 401);
    t.is(late.body.error.code, 'hub_token_invalid');
    t.regex(late.body.error.message, /expired/);
  } finally {
    await http(a.url, 'PUT', '/api/v1/test/clock', { body: { offsetSeconds: 0 } });
  }
  await http(hub.url, 'PUT', '/api/v1/test/clock', { body: { offsetSeconds: 120 } });
  try {
    const late = await redeemAt(a, x.body.token, x.body.grant);
    t.is(late.status, 401);
    t.is(late.body.error.code, 'hub_grant_invalid');
    t.regex(late.body.error.message, /expired/);
  } finally {
    await http(hub.url, 'PUT', '/api/v1/test/clock', { body: { offsetSeconds: 0 } });
  }
});

test.serial('tool_access_denied with the hub sentence when no organization opens the tool there; unknown instance; revoked login', async (t) => {
  const denied = await exchange(ann, b.url, 'hackathon');
  t.is(denied.status, 403);
  t.is(denied.body.error.code, 'tool_access_denied');
  t.is(denied.body.error.message, 'None of the organizations of ann@acme.test opens hackathon events (hackathon) on Cloud B: ask an owner of your organization to open it on the hub');
  t.is((await hub.pool.query(`select count(*)::int as n from hub_private.grants g join hub.instances i on i.id = g.instance_id where i.url = $1 and g.tool = 'hackathon'`, [b.url])).rows[0].n, 0, 'no grant issued');
  const unknown = await exchange(ann, 'https://elsewhere.test', 'deck');
  t.is(unknown.status, 404);
  const bad = await exchange('hl_' + 'y'.repeat(43), a.url, 'deck');
  t.is(bad.status, 401);
  const gone = await hub.signIn('ann@acme.test');
  await http(hub.url, 'DELETE', '/hub/v1/login', { key: gone });
  const revoked = await exchange(gone, a.url, 'deck');
  t.is(revoked.status, 401);
  t.is(revoked.body.error.code, 'unauthorized');
});

test.serial('rotation: a token of the new key is accepted after one fetch of the published keys; an unpublished key is refused', async (t) => {
  const fetches = a.api.hubKeys!.fetches;
  const old = (await http(hub.url, 'GET', '/hub/v1/keys')).body.keys[0].kid;
  const rotated = await hub.rotate();
  t.deepEqual(rotated.published, [rotated.kid, old], 'the key before stays published');
  const x = await exchange(ann, a.url, 'deck');
  t.is(JSON.parse(Buffer.from(x.body.token.split('.')[0], 'base64url').toString()).kid, rotated.kid);
  t.is((await redeemAt(a, x.body.token, x.body.grant)).status, 201);
  t.is(a.api.hubKeys!.fetches, fetches + 1, 'the unknown key id fetched the keys once');
  const again = await exchange(ann, a.url, 'deck');
  t.is((await redeemAt(a, again.body.token, again.body.grant)).status, 201);
  t.is(a.api.hubKeys!.fetches, fetches + 1, 'a known key id fetches nothing');
  // A second rotation retires the first key: no longer published.
  const third = await hub.rotate();
  t.deepEqual(third.published, [third.kid, rotated.kid]);
  t.false((await http(hub.url, 'GET', '/hub/v1/keys')).body.keys.some((k: { kid: string }) => k.kid === old));
  // A token signed with a key the hub never published (a forgery) is refused.
  const forged = newSigningKey();
  const now = Math.floor(Date.now() / 1000);
  const token = await signToken(privateKeyOf(forged.privatePem), forged.kid, { iss: hub.url, sub: randomUUID(), aud: a.url, iat: now, exp: now + 90, jti: randomUUID(), tool: 'deck', email: 'ann@acme.test' });
  const f = await redeemAt(a, token, x.body.grant);
  t.is(f.status, 401);
  t.is(f.body.error.code, 'hub_token_invalid');
  t.regex(f.body.error.message, /does not publish/);
  // The forged payload under a published key id does not verify either.
  const [h, , sig] = x.body.token.split('.');
  const claims = { ...JSON.parse(Buffer.from(x.body.token.split('.')[1], 'base64url').toString()), email: 'gus@globex.test' };
  const tampered = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
  t.is((await redeemAt(a, tampered, x.body.grant)).body.error.code, 'hub_token_invalid');
  t.is((await redeemAt(a, 'not.a.token', x.body.grant)).body.error.code, 'hub_token_invalid');
});

test.serial('two tenants: an account of another organization cannot reach Acme, and leaving an organization on the hub removes its workspace here', async (t) => {
  const gus = await hub.signIn('gus@globex.test');
  const x = await exchange(gus, a.url, 'hackathon');
  const r = await redeemAt(a, x.body.token, x.body.grant);
  t.is(r.status, 201, r.text);
  const ws = await http(a.url, 'GET', '/api/v1/workspaces', { key: r.body.key });
  t.deepEqual(ws.body.items.map((w: { name: string }) => w.name), ['Globex']);
  const cross = await http(a.url, 'GET', '/api/v1/teams', { key: r.body.key, headers: { 'podium-organization': acme.id } });
  t.is(cross.status, 404);
  t.is(cross.body.error.code, 'workspace_not_found');
  // Ann leaves Acme Studio on the hub: her next exchange takes the workspace away here.
  await hub.pool.query('select hub_private.remove_organization_member($1, $2)', [studio.id, 'ann@acme.test']);
  const y = await exchange(ann, a.url, 'deck');
  const k = await redeemAt(a, y.body.token, y.body.grant);
  const after = await http(a.url, 'GET', '/api/v1/workspaces', { key: k.body.key });
  t.deepEqual(after.body.items.map((w: { name: string }) => w.name), ['Acme']);
});

test.serial('the emailed-code endpoints stay closed on a cloud instance; the hub route does not exist on a self-hosted one', async (t) => {
  const otp = await http(a.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'ann@acme.test' } });
  t.is(otp.status, 403);
  t.is(otp.body.error.code, 'cli_otp_disabled');
  const d = await http(a.url, 'GET', '/api/v1/instance');
  t.true(d.body.auth.methods.includes('hub'));
  t.is(d.body.auth.hubUrl, hub.url);
  const selfHosted = await startTestServer({ db: a.db });
  try {
    const x = await exchange(ann, a.url, 'deck');
    const r = await http(selfHosted.url, 'POST', '/api/v1/cli/auth/hub', { body: { token: x.body.token, grant: x.body.grant } });
    t.is(r.status, 404);
    t.false((await http(selfHosted.url, 'GET', '/api/v1/instance')).body.auth.methods.includes('hub'));
  } finally {
    await selfHosted.close();
  }
});
