// Row-level security of app.deck_thumbnails (policy deck_thumbnails_select): whoever may see
// the deck sees its thumbnails (owner, workspace admin, collaborator); a member of another
// workspace and an anonymous caller see none.
import test from 'ava';
import { createHash } from 'node:crypto';
import { asAnon, asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';

const ALL = ['presentations:read', 'presentations:write', 'data:export'];
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
let db: TestDatabase;
let a: string, b: string, owner: string, admin: string, collab: string, stranger: string, deck: string;

test.before(async () => {
  db = await createTestDatabase();
  a = (await seed.workspace(db.pool, 'Alpha')).id;
  b = (await seed.workspace(db.pool, 'Beta')).id;
  owner = (await seed.member(db.pool, a, 'owner@a.test', 'member')).userId;
  admin = (await seed.member(db.pool, a, 'admin@a.test', 'admin')).userId;
  collab = (await seed.member(db.pool, b, 'collab@b.test', 'member')).userId;
  stranger = (await seed.member(db.pool, b, 'stranger@b.test', 'owner')).userId;
  await db.pool.query(`insert into app_private.blobs (sha256, size) values ($1, 5)`, [sha('hello')]);
  await db.pool.query(`insert into app_private.workspace_blobs (workspace_id, sha256) values ($1, $2)`, [a, sha('hello')]);
  const files = JSON.stringify({ title: 'T', entry: 'index.html', files: [{ path: 'index.html', sha256: sha('hello'), size: 5 }] });
  const r = await asUser(db.pool, owner, a, 'member', ALL)((c) => c.query('select app.commit_deck_version(null, null, $1::jsonb) as r', [files]));
  deck = r.rows[0].r.presentation.id;
  await asUser(db.pool, owner, a, 'member', ALL)((c) => c.query(`select app.invite_collaborator($1, 'collab@b.test')`, [deck]));
  // Signing in claims the invitation (a trigger on sessions), as in test/sql/deck/rls.test.ts.
  await db.pool.query(`insert into app_private.sessions (token_hash, user_id, expires_at) values ('\\x02', $1, now() + interval '1 day')`, [collab]);
  await db.pool.query(`select app_private.save_thumbnail($1, 1, $2, 'title-card')`, [deck, sha('thumb')]);
});
test.after.always(() => db?.drop());

const thumbnails = (run: ReturnType<typeof asUser>) => run(async (c) => (await c.query('select version from app.deck_thumbnails where deck_id = $1', [deck])).rows.length);

test('allow: the owner, a workspace admin and a collaborator see the thumbnail', async (t) => {
  t.is(await thumbnails(asUser(db.pool, owner, a, 'member', ALL)), 1);
  t.is(await thumbnails(asUser(db.pool, admin, a, 'admin', ALL)), 1);
  t.is(await thumbnails(asUser(db.pool, collab, b, 'member', ALL)), 1);
});

test('deny: an owner of another workspace and an anonymous caller see none', async (t) => {
  t.is(await thumbnails(asUser(db.pool, stranger, b, 'owner', ALL)), 0);
  t.is(await thumbnails(asUser(db.pool, stranger, a, 'owner', ALL)), 0, 'naming the deck workspace does not make a stranger a member');
  t.is(await thumbnails(asAnon(db.pool)), 0);
});
