// Hub accounts map to local people by the hub's stable account id, never by a folded address.
// A hub account typed `ＣＡＲＯＬ@h.test`
// (fullwidth) is not the local owner `carol@h.test`: its first exchange makes a person of its
// own, with only the organizations the hub lists. The same mailbox (ASCII case aside) binds
// the existing local person; a later exchange of the same hub account finds the same person
// even after the hub changed its address.
import test from 'ava';
import { startTestHub, type TestHub } from '../../helpers/hub.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import type { TestServer } from '../../helpers/server.ts';

const FULLWIDTH_CAROL = '\uFF23\uFF21\uFF32\uFF2F\uFF2C@h.test';
let hub: TestHub;
let a: TestServer & { secret: string };
let acme: { id: string };
let carol: { userId: string; workspaceId: string };
let dan: { userId: string; workspaceId: string };
test.before(async () => {
  hub = await startTestHub();
  a = await hub.instance('Cloud A');
  acme = await hub.organization('Acme', a.url, ['deck', 'hackathon']);
  // Carol and Dan are local people of the instance, with a workspace the hub knows nothing of.
  const local = await seed.workspace(a.db.pool, 'Carol Local');
  carol = await seed.member(a.db.pool, local.id, 'carol@h.test', 'owner', 'Carol');
  dan = await seed.member(a.db.pool, local.id, 'dan@h.test', 'member', 'Dan');
  await hub.member(acme.id, FULLWIDTH_CAROL, 'member', 'Not Carol');
  await hub.member(acme.id, 'DAN@h.test', 'member', 'Dan');
});
test.after.always(() => hub?.close());

async function signInAt(login: string) {
  const x = await http(hub.url, 'POST', '/hub/v1/exchange', { key: login, body: { instance: a.url, tool: 'hackathon' } });
  if (x.status !== 200) throw new Error(x.text);
  return http(a.url, 'POST', '/api/v1/cli/auth/hub', { body: { token: x.body.token, grant: x.body.grant } });
}

const workspaceNames = async (key: string) =>
  (await http(a.url, 'GET', '/api/v1/workspaces', { key })).body.items.map((w: { name: string }) => w.name);

test.serial("the fullwidth look-alike of carol@h.test becomes its own person, without Carol's workspace", async (t) => {
  const r = await signInAt(await hub.signIn(FULLWIDTH_CAROL));
  t.is(r.status, 201, r.text);
  t.not(r.body.user.id, carol.userId);
  t.is(r.body.user.email, FULLWIDTH_CAROL, 'the address as the hub holds it');
  t.deepEqual(await workspaceNames(r.body.key), ['Acme']);
  const carolWs = await http(a.url, 'GET', '/api/v1/me', { key: r.body.key, headers: { 'podium-workspace': carol.workspaceId } });
  t.is(carolWs.status, 404);
  t.is(carolWs.body.error.code, 'workspace_not_found');
  const linked = await a.db.pool.query('select user_id from app_private.hub_accounts');
  t.false(linked.rows.some((x) => x.user_id === carol.userId), 'Carol is linked to no hub account');
  const carolRow = await a.db.pool.query('select email, name from app.users where id = $1', [carol.userId]);
  t.deepEqual(carolRow.rows[0], { email: 'carol@h.test', name: 'Carol' });
});

test.serial('the same mailbox in another ASCII case binds the existing local person', async (t) => {
  const r = await signInAt(await hub.signIn('dan@h.test'));
  t.is(r.status, 201, r.text);
  t.is(r.body.user.id, dan.userId);
  t.deepEqual((await workspaceNames(r.body.key)).sort(), ['Acme', 'Carol Local']);
});

test.serial('a later exchange of the same hub account id finds the same person after the hub changed its address', async (t) => {
  const first = await signInAt(await hub.signIn(FULLWIDTH_CAROL));
  t.is(first.status, 201, first.text);
  await hub.pool.query('update hub.accounts set email = $2 where email = $1', [FULLWIDTH_CAROL, 'not-carol@h.test']);
  const second = await signInAt(await hub.signIn('not-carol@h.test'));
  t.is(second.status, 201, second.text);
  t.is(second.body.user.id, first.body.user.id);
  t.not(second.body.user.id, carol.userId);
});

test.serial('a hub address that is carol@h.test only through a Unicode case mapping (the Kelvin sign) is refused, not merged', async (t) => {
  const kate = await seed.member(a.db.pool, carol.workspaceId, 'kate@h.test', 'owner');
  await hub.member(acme.id, '\u212Aate@h.test', 'member');
  const r = await signInAt(await hub.signIn('\u212Aate@h.test'));
  t.is(r.status, 409, r.text);
  t.is(r.body.error.code, 'conflict');
  t.regex(r.body.error.message, /only in letter case/);
  t.is((await a.db.pool.query('select count(*)::int as n from app_private.hub_accounts where user_id = $1', [kate.userId])).rows[0].n, 0);
  t.is((await a.db.pool.query('select count(*)::int as n from app_private.api_keys where user_id = $1', [kate.userId])).rows[0].n, 0, 'no key for Kate');
});
