// One helper per rule: once a rule has its helper, a stored body may not
// say it inline again. Over every stored body of schemas app and app_private (comments and
// string literals left out, as the NULL-refusal catalogue does):
//   - an address is compared, keyed or sorted with app_private.normalize_email, never lower()
//     (lower() maps the Kelvin sign to `k`: two mailboxes become one person);
//   - the clock is compared with freeze_at only in app_private.is_frozen;
//   - "has this person signed in" is asked only in app_private.has_signed_in;
//   - the event role is checked in app_private.role_ctx alone: no body calls the dropped
//     require_event_role, and organizer_ctx is the one-line role_ctx call;
//   - "owner or admin of the workspace" is said only in app_private.is_admin_role (the set)
//     and app_private.is_workspace_admin (the membership check over it): no other body
//     spells `in ('owner', 'admin')` or `= any (array['owner', 'admin'])`.
// And no index keys an address with lower() but users_email_key, the look-alike refusal
// of accounts (kept on purpose).
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { asOwnerFor } from '../helpers/as.ts';
import { member, workspace } from '../../ops/harness/seed.ts';
import { code, codeWithLiterals } from '../helpers/sql-bodies.ts';

const INLINE: { name: string; helper: string; form: RegExp }[] = [
  { name: 'lower() on an address', helper: '', form: /\blower\s*\(\s*(?:(?:pg_catalog\.)?b?trim\s*\()?\s*[\w.]*email\b/gi },
  { name: 'the clock against freeze_at', helper: 'app_private.is_frozen(app.events)', form: /\bnow\s*\(\s*\)\s*[<>]=?\s*[\w.]*freeze_at\b|\bfreeze_at\s*[<>]=?\s*(?:app\.)?now\s*\(/gi },
  { name: 'signed in yet', helper: 'app_private.has_signed_in(text,uuid)', form: /\bjoin\s+app_private\.sign_ins\b/gi },
];

/** Each inline form of a rule in a body, as written. */
export function inlineForms(f: string, body: string): string[] {
  return INLINE.filter((r) => r.helper !== f).flatMap((r) => [...code(body).matchAll(r.form)].map((m) => `${r.name}: ${m[0]}`));
}

/** The set {owner, admin} spelled inline, in either order, as `in (...)` or `= any (array[...])`. */
const ADMIN_ROLES = /\bin\s*\(\s*'(?:owner|admin)'\s*,\s*'(?:owner|admin)'\s*\)|=\s*any\s*\(\s*array\s*\[\s*'(?:owner|admin)'\s*,\s*'(?:owner|admin)'\s*\]/gi;
/** The one body that names the set (is_workspace_admin asks it, and says no roles itself). */
const ADMIN_ROLE_HELPER = 'app_private.is_admin_role(app.workspace_role)';
/**
 * Bodies whose `in ('owner', 'admin')` is over DECK roles (app_private.deck_role results:
 * owner, admin, collaborator), another rule than the workspace membership: each is checked
 * to still say it, so the list cannot go stale.
 */
const DECK_ROLE_SETS: Record<string, string> = {
  'app.delete_annotation(uuid,uuid)': 'r := deck_role(p_deck): a deck owner or admin deletes any annotation',
  'app.export_decks()': 'app_private.deck_role(d.id) in (...): the decks the caller administers',
  'app.revoke_share_link(uuid)': 'coalesce(app_private.deck_role(l.deck_id), ...) not in (...)',
  'app_private.rotate_share_secret(uuid,bytea)': 'coalesce(app_private.deck_role(l.deck_id), ...) not in (...)',
};

/** Each inline spelling of the owner-or-admin set in a body, as written. */
export function inlineAdminRoles(body: string): string[] {
  return [...codeWithLiterals(body).matchAll(ADMIN_ROLES)].map((m) => m[0]);
}

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test('no stored body of app or app_private says a rule inline that has its helper', async (t) => {
  const { rows } = await db.pool.query<{ f: string; prosrc: string }>(`
    select p.oid::regprocedure::text as f, p.prosrc from pg_proc p
     where p.pronamespace in ('app'::regnamespace, 'app_private'::regnamespace) order by 1`);
  t.true(rows.length > 200, 'the bodies are read');
  t.deepEqual(rows.flatMap((r) => inlineForms(r.f, r.prosrc).map((m) => `${r.f}: ${m}`)), []);
});

test('the event role check lives in role_ctx, and organizer_ctx is its one-line call', async (t) => {
  const { rows } = await db.pool.query<{ f: string; prosrc: string }>(`
    select p.oid::regprocedure::text as f, p.prosrc from pg_proc p
     where p.pronamespace in ('app'::regnamespace, 'app_private'::regnamespace) order by 1`);
  t.true(rows.length > 200, 'the bodies are read');
  t.deepEqual(rows.filter((r) => /\brequire_event_role\s*\(/i.test(code(r.prosrc))).map((r) => r.f), [], 'bodies calling require_event_role');
  t.deepEqual(rows.filter((r) => /^app_private\.require_event_role\(/.test(r.f)).map((r) => r.f), [], 'require_event_role is dropped');
  const organizer = rows.filter((r) => r.f === 'app_private.organizer_ctx(text)');
  t.is(organizer.length, 1, 'organizer_ctx(text) exists');
  t.is(organizer[0]?.prosrc.replace(/\s+/g, ' ').trim(), "select app_private.role_ctx(p_scope, array['organizer'])");
  t.true(rows.some((r) => r.f === 'app_private.role_ctx(text,text[])' && /\bapp_private\.event_ctx\s*\(\s*\)/.test(code(r.prosrc))),
    'role_ctx takes the event context itself');
});

test('only users_email_key keys an address with lower()', async (t) => {
  const { rows } = await db.pool.query<{ indexname: string }>(`
    select indexname from pg_indexes where schemaname in ('app', 'app_private', 'hub', 'hub_private')
       and indexdef ~* 'lower\\(\\(?[a-z_.]*email' order by 1`);
  t.deepEqual(rows.map((r) => r.indexname), ['users_email_key']);
});

test('the rule flags the forms 000240 replaced and passes the helpers', (t) => {
  t.is(inlineForms('app.x()', 'where lower(r.email) = lower(u.email)').length, 2);
  t.is(inlineForms('app.x()', 'mail := lower(trim(p_email));').length, 1);
  t.is(inlineForms('app.x()', 'if app.now() < e.freeze_at then').length, 1);
  t.is(inlineForms('app.x()', 'and app.now() >= x.freeze_at for update').length, 1);
  t.is(inlineForms('app.x()', 'exists (select 1 from app.users u join app_private.sign_ins s on s.user_id = u.id)').length, 1);
  t.deepEqual(inlineForms('app.x()', 'if app_private.is_frozen(e) is false then x := app_private.normalize_email(p_email); end if; order by lower(p.name)'), []);
  t.deepEqual(inlineForms('app_private.is_frozen(app.events)', 'select app.now() >= e.freeze_at'), [], 'the helper itself says it');
});

test('the set {owner, admin} is named only in is_admin_role and the deck-role bodies', async (t) => {
  const { rows } = await db.pool.query<{ f: string; prosrc: string }>(`
    select p.oid::regprocedure::text as f, p.prosrc from pg_proc p
     where p.pronamespace in ('app'::regnamespace, 'app_private'::regnamespace) order by 1`);
  t.true(rows.length > 200, 'the bodies are read');
  const saying = rows.filter((r) => inlineAdminRoles(r.prosrc).length > 0).map((r) => r.f);
  t.deepEqual(saying.filter((f) => f !== ADMIN_ROLE_HELPER && !(f in DECK_ROLE_SETS)), [], 'bodies spelling the workspace admin set inline');
  t.true(saying.includes(ADMIN_ROLE_HELPER), 'is_admin_role names the set');
  t.deepEqual(Object.keys(DECK_ROLE_SETS).filter((f) => !saying.includes(f)), [], 'every listed deck-role body still says it');
  t.true(rows.some((r) => r.f === 'app_private.is_workspace_admin(uuid,uuid)' && /\bapp_private\.is_admin_role\s*\(/.test(code(r.prosrc))),
    'is_workspace_admin asks is_admin_role');
  t.true(rows.some((r) => r.f === 'app_private.require_owner_or_admin(text)' && /\bapp_private\.is_workspace_admin\s*\(/.test(code(r.prosrc))),
    'require_owner_or_admin calls is_workspace_admin');
});

test('the owner-or-admin form is flagged as written, and only that set', (t) => {
  t.deepEqual(inlineAdminRoles("and m.user_id = app.current_user_id() and m.role in ('owner', 'admin')) then"), ["in ('owner', 'admin')"]);
  t.is(inlineAdminRoles("case when ws_role in ('admin','owner') then 'organizer' end").length, 1);
  t.is(inlineAdminRoles("where m.role = any (array['owner', 'admin'])").length, 1);
  t.is(inlineAdminRoles("if coalesce(r, 'collaborator') not in ('owner', 'admin') then").length, 1);
  t.deepEqual(inlineAdminRoles("t.role in ('member', 'guest') and p_role not in ('owner', 'admin', 'member', 'guest')"), []);
  t.deepEqual(inlineAdminRoles("d := app_private.deck_for(p_deck, array['owner', 'admin']);"), [], 'a deck_for role list is not the form');
  t.deepEqual(inlineAdminRoles("-- was m.role in ('owner', 'admin')\nselect app_private.is_admin_role(m.role)"), [], 'comments are left out');
  t.deepEqual(inlineAdminRoles("perform app_private.fail('x', 'role in (''owner'', ''admin'')')"), [], 'messages are left out');
});

test('is_workspace_admin: an owner or admin of that workspace, nobody else, never NULL', async (t) => {
  const a = await workspace(db.pool, 'Admins A');
  const b = await workspace(db.pool, 'Admins B');
  const who: Record<string, string> = {};
  for (const role of ['owner', 'admin', 'member', 'guest']) who[role] = (await member(db.pool, a.id, `${role}@admins-a.test`, role)).userId;
  const otherOwner = (await member(db.pool, b.id, 'owner@admins-b.test', 'owner')).userId;
  const ask = async (ws: string | null, user: string | null) =>
    (await db.pool.query('select app_private.is_workspace_admin($1, $2) as r', [ws, user])).rows[0].r as boolean | null;
  t.is(await ask(a.id, who.owner!), true, 'owner');
  t.is(await ask(a.id, who.admin!), true, 'admin');
  t.is(await ask(a.id, who.member!), false, 'member');
  t.is(await ask(a.id, who.guest!), false, 'guest');
  t.is(await ask(a.id, otherOwner), false, "another workspace's owner");
  t.is(await ask(b.id, otherOwner), true, 'who owns that other workspace');
  t.is(await ask(a.id, null), false, 'a NULL user');
  t.is(await ask(null, who.owner!), false, 'a NULL workspace');

  const role = async (r: string | null) => (await db.pool.query('select app_private.is_admin_role($1::app.workspace_role) as r', [r])).rows[0].r as boolean | null;
  t.deepEqual([await role('owner'), await role('admin'), await role('member'), await role('guest'), await role(null)], [true, true, false, false, null],
    'is_admin_role: NULL for NULL, as `NULL in (...)` was');

  const check = (user: string) => asOwnerFor(db.pool, user, a.id, null)((c) => c.query(`select app_private.require_owner_or_admin('mints demo passes')`));
  await t.notThrowsAsync(check(who.admin!));
  const refused = await t.throwsAsync(check(who.member!));
  t.like(refused, { message: 'Only an owner or admin mints demo passes', detail: 'owner_or_admin_required' });
  await t.throwsAsync(check(otherOwner), { message: 'Only an owner or admin mints demo passes' });
});
