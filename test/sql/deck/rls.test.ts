// Row-level security on every deck table: an allow and a deny for each policy, and the
// transitions that only SQL can reach (a deck without a version).
import test from 'ava';
import { createHash } from 'node:crypto';
import { asAnon, asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';

const ALL = ['presentations:read', 'presentations:write', 'data:export'];
let db: TestDatabase;
let a: string, b: string;
let owner: string, admin: string, member: string, collab: string, stranger: string;
let deck: string;
let linkId: string;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const as = (user: string, ws: string | null, role: string | null = 'member') => asUser(db.pool, user, ws, role, ALL);

test.before(async () => {
  db = await createTestDatabase();
  a = (await seed.workspace(db.pool, 'Alpha')).id;
  b = (await seed.workspace(db.pool, 'Beta')).id;
  owner = (await seed.member(db.pool, a, 'owner@a.test', 'member')).userId;
  admin = (await seed.member(db.pool, a, 'admin@a.test', 'admin')).userId;
  member = (await seed.member(db.pool, a, 'member@a.test', 'member')).userId;
  collab = (await seed.member(db.pool, b, 'collab@b.test', 'member')).userId;
  stranger = (await seed.member(db.pool, b, 'stranger@b.test', 'owner')).userId;
  await db.pool.query(`insert into app_private.blobs (sha256, size) values ($1, 5)`, [sha('hello')]);
  await db.pool.query(`insert into app_private.workspace_blobs (workspace_id, sha256) values ($1, $2)`, [a, sha('hello')]);
  const files = JSON.stringify({ title: 'T', entry: 'index.html', files: [{ path: 'index.html', sha256: sha('hello'), size: 5 }] });
  const r = await as(owner, a)((c) => c.query('select app.commit_deck_version(null, null, $1::jsonb) as r', [files]));
  deck = r.rows[0].r.presentation.id;
  await as(owner, a)(async (c) => {
    await c.query(`select app.invite_collaborator($1, 'collab@b.test')`, [deck]);
    await c.query(`select app.add_annotation($1, 1, 'index.html', '{}', 'note')`, [deck]);
    linkId = (await c.query(`select app_private.mint_share_link($1, '\\x01', 'L', null, null, null, null, null, null) as r`, [deck])).rows[0].r.id;
  });
  await db.pool.query(`insert into app_private.sessions (token_hash, user_id, expires_at) values ('\\x02', $1, now() + interval '1 day')`, [collab]); // sign-in claims
  await db.pool.query(`select app_private.record_view($1, 1, null, 'link', null, 10)`, [linkId]);
  await db.pool.query(`select app_private.submit_form_response($1, 'f', '{"a":"1"}', 'link', null, null)`, [linkId]);
});
test.after.always(() => db?.drop());

/** Rows of the seeded deck only: other tests here add decks of their own. */
const OF_DECK: Record<string, string> = {
  'app.decks': 'id = $1',
  'app.form_response_revisions': `response_id in (select id from app.form_responses where deck_id = $1 and form = 'f')`,
  'app.form_responses': `deck_id = $1 and form = 'f'`,
};
const count = async (who: ReturnType<typeof as>, table: string) =>
  (await who((c) => c.query(`select count(*)::int as n from ${table} where ${OF_DECK[table] ?? 'deck_id = $1'}`, [deck]))).rows[0].n;

for (const table of ['app.decks', 'app.deck_versions', 'app.deck_files', 'app.deck_annotations']) {
  test(`${table}: owner, workspace admin and collaborator see it; a plain member, another workspace and anonymous do not`, async (t) => {
    t.is(await count(as(owner, a), table), 1);
    t.is(await count(as(admin, a, 'admin'), table), 1);
    t.is(await count(as(collab, b), table), 1);
    t.is(await count(as(member, a), table), 0);
    t.is(await count(as(stranger, b, 'owner'), table), 0);
    t.is(await count(as(stranger, a, 'owner'), table), 0, 'claiming a workspace role without membership shows nothing');
    t.is((await asAnon(db.pool)((c) => c.query(`select count(*)::int as n from ${table}`))).rows[0].n, 0);
    t.true((await db.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n >= 1, 'the rows exist');
  });
}

for (const table of ['app.share_links', 'app.deck_views', 'app.form_responses', 'app.form_response_revisions']) {
  test(`${table}: owner and workspace admin see it; collaborators, members and strangers do not`, async (t) => {
    t.is(await count(as(owner, a), table), 1);
    t.is(await count(as(admin, a, 'admin'), table), 1);
    t.is(await count(as(collab, b), table), 0);
    t.is(await count(as(member, a), table), 0);
    t.is(await count(as(stranger, b, 'owner'), table), 0);
  });
}

test('every deck table policy asks for presentations:read: the owner with another tool\'s scopes sees no row', async (t) => {
  const tables = ['app.decks', 'app.deck_versions', 'app.deck_files', 'app.deck_annotations', 'app.deck_collaborators', 'app.share_links', 'app.deck_views', 'app.form_responses', 'app.form_response_revisions'];
  for (const [scopes, seen] of [[['presentations:read'], 1], [['presentations:write', 'data:export', 'hackathon:read', 'hackathon:write'], 0]] as const) {
    const who = asUser(db.pool, owner, a, 'member', [...scopes]);
    for (const table of tables) t.is(await count(who, table), seen, `${table} with ${scopes.join(',')}`);
  }
});

test('app.deck_collaborators: managers see every row, a collaborator only their own, others nothing', async (t) => {
  t.is(await count(as(owner, a), 'app.deck_collaborators'), 1);
  t.is(await count(as(collab, b), 'app.deck_collaborators'), 1);
  t.is(await count(as(member, a), 'app.deck_collaborators'), 0);
  t.is(await count(as(stranger, b, 'owner'), 'app.deck_collaborators'), 0);
});

test('a deleted deck is invisible to everyone, its owner included', async (t) => {
  const files = JSON.stringify({ title: 'Gone', entry: 'index.html', files: [{ path: 'index.html', sha256: sha('hello'), size: 5 }] });
  const id = (await as(owner, a)((c) => c.query('select app.commit_deck_version(null, null, $1::jsonb) as r', [files]))).rows[0].r.presentation.id;
  await as(owner, a)((c) => c.query('select app.soft_delete_deck($1)', [id]));
  const seen = await as(admin, a, 'admin')((c) => c.query('select id from app.decks where id = $1', [id]));
  t.is(seen.rowCount, 0);
  const err = await t.throwsAsync(() => as(owner, a)((c) => c.query('select app.get_deck($1)', [id])));
  t.is((err as { detail?: string }).detail, 'not_found');
});

test('the API role cannot write deck tables directly nor read their secrets', async (t) => {
  const w = as(owner, a);
  await t.throwsAsync(() => w((c) => c.query(`update app.decks set title = 'x'`)), { message: /permission denied/ });
  await t.throwsAsync(() => w((c) => c.query(`delete from app.share_links`)), { message: /permission denied/ });
  await t.throwsAsync(() => w((c) => c.query(`insert into app.deck_views (deck_id, link_id, version, source) values ($1, $2, 1, 'link')`, [deck, linkId])), { message: /permission denied/ });
  await t.throwsAsync(() => w((c) => c.query(`select * from app_private.share_link_secrets`)), { message: /permission denied/ });
  await t.throwsAsync(() => w((c) => c.query(`select app_private.resolve_share_link('\\x01')`)), { message: /permission denied/ });
});

test('duplicate is refused while the source has no version (deck_has_no_version)', async (t) => {
  const { rows } = await db.pool.query(`insert into app.decks (workspace_id, owner_id, title) values ($1, $2, 'Empty') returning id`, [a, owner]);
  const err = await t.throwsAsync(() => as(owner, a)((c) => c.query('select app.duplicate_deck($1, null, null)', [rows[0].id])));
  t.is((err as { detail?: string }).detail, 'deck_has_no_version');
  const share = await t.throwsAsync(() => as(owner, a)((c) => c.query(`select app_private.mint_share_link($1, '\\x03', null, null, null, null, null, null, null)`, [rows[0].id])));
  t.is((share as { detail?: string }).detail, 'deck_has_no_version');
});

test('a revision beyond 100 drops the oldest but the first', async (t) => {
  for (let i = 0; i < 101; i++) {
    await db.pool.query(`select app_private.submit_form_response($1, 'rev', jsonb_build_object('i', $2::int), 'link', null, '\\xaa')`, [linkId, i]);
  }
  const { rows } = await db.pool.query(`select array_agg(v.revision order by v.revision) as revs from app.form_response_revisions v
    join app.form_responses r on r.id = v.response_id where r.form = 'rev'`);
  t.is(rows[0].revs.length, 100);
  t.is(rows[0].revs[0], 1);
  t.is(rows[0].revs[1], 3);
  t.is(rows[0].revs[99], 101);
});
