// The readable-deck helper: app_private.readable_deck checks presentations:read, then
// answers the deck to its owner, a workspace admin or a collaborator, and not_found to anyone
// else (another workspace's deck answers exactly like a missing or a deleted one). The four
// deck reads that began with this preamble go through it.
import test from 'ava';
import { createHash } from 'node:crypto';
import { asOwnerFor, asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';

const READ = ['presentations:read'];
const ALL = ['presentations:read', 'presentations:write'];
let db: TestDatabase;
let a: string, b: string;
let owner: string, admin: string, member: string, collab: string, stranger: string;
let deck: string, gone: string;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const as = (user: string, ws: string, role = 'member', scopes = ALL) => asUser(db.pool, user, ws, role, scopes);

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
  const commit = () => as(owner, a)((c) => c.query('select app.commit_deck_version(null, null, $1::jsonb) as r', [files]));
  deck = (await commit()).rows[0].r.presentation.id;
  gone = (await commit()).rows[0].r.presentation.id;
  await as(owner, a)(async (c) => {
    await c.query(`select app.invite_collaborator($1, 'collab@b.test')`, [deck]);
    await c.query(`select app.soft_delete_deck($1)`, [gone]);
  });
  await db.pool.query(`select app_private.claim_collaborations($1)`, [collab]); // as signing in does
});
test.after.always(() => db?.drop());

interface PgError { detail?: string; message: string; hint?: string }
const outcome = (p: Promise<{ rows: Array<Record<string, unknown>> }>) =>
  p.then((r) => r.rows[0], (e: PgError) => ({ refused: e.detail, message: e.message, details: e.hint ? JSON.parse(e.hint) : null }));

/** The helper itself, as the security-definer deck reads calling it run it: the owner role, the caller's settings. */
const readable = (user: string, ws: string, deckId: string, scopes = READ) =>
  outcome(asOwnerFor(db.pool, user, ws, 'member', scopes)((c) => c.query(`select (app_private.readable_deck($1)).id`, [deckId])));

test('readable_deck answers the deck to its owner, a workspace admin and a collaborator', async (t) => {
  t.deepEqual(await readable(owner, a, deck), { id: deck });
  t.deepEqual(await readable(admin, a, deck), { id: deck });
  t.deepEqual(await readable(collab, b, deck), { id: deck });
});

test('readable_deck answers not_found to a plain member, another workspace, a deleted and a missing deck alike', async (t) => {
  const notFound = (id: string) => ({ refused: 'not_found', message: 'No such deck', details: { presentationId: id } });
  t.deepEqual(await readable(member, a, deck), notFound(deck));
  t.deepEqual(await readable(stranger, b, deck), notFound(deck));
  t.deepEqual(await readable(stranger, a, deck), notFound(deck), 'naming the workspace without membership');
  t.deepEqual(await readable(owner, a, gone), notFound(gone));
  const missing = '00000000-0000-4000-8000-000000000000';
  t.deepEqual(await readable(owner, a, missing), notFound(missing));
});

test('readable_deck checks the read scope first: a key without it never learns whether the deck exists', async (t) => {
  t.is((await readable(owner, a, deck, ['presentations:write']) as { refused?: string }).refused, 'insufficient_scope');
  t.is((await readable(stranger, b, deck, ['hackathon:read']) as { refused?: string }).refused, 'insufficient_scope');
});

const READS = [
  ['get_deck', `select (app.get_deck($1))->>'id' as id`],
  ['list_deck_versions', `select jsonb_array_length(app.list_deck_versions($1, 10, null)) as n`],
  ['list_deck_files', `select jsonb_array_length(app.list_deck_files($1, null, 10, null, null)->'items') as n`],
  ['version_thumbnail', `select app.version_thumbnail($1, 1) is null as none`],
] as const;

for (const [name, sql] of READS) {
  test(`app.${name} reads through it: the collaborator reads, another workspace gets not_found, a key without the scope insufficient_scope`, async (t) => {
    const ok = await outcome(as(collab, b, 'member', READ)((c) => c.query(sql, [deck])));
    t.falsy((ok as { refused?: string }).refused, JSON.stringify(ok));
    t.is((await outcome(as(stranger, b, 'owner', READ)((c) => c.query(sql, [deck]))) as { refused?: string }).refused, 'not_found');
    t.is((await outcome(as(owner, a, 'member', ['presentations:write'])((c) => c.query(sql, [deck]))) as { refused?: string }).refused, 'insufficient_scope');
  });
}

test('the not-found preamble is written once: only readable_deck and deck_for answer "No such deck"', async (t) => {
  const { rows } = await db.pool.query(`select p.oid::regprocedure::text as f from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('app', 'app_private') and p.prosrc like '%No such deck%' order by 1`);
  t.deepEqual(rows.map((r) => r.f), ['app_private.deck_for(uuid,text[],boolean)', 'app_private.readable_deck(uuid)']);
});
