// A NULL refuses. `if not readable then fail(...)` does not fire when
// `readable` is NULL, and app.file_info let every guest read every team's archive
// that way. The rule, over every stored body of schemas app and app_private:
//
//   a negation may not open a condition: `if|elsif|while|when|where|and|or|( not <expr>` is
//   refused, except `not found` and `not exists (...)` (never NULL). Write what NULL does
//   instead: `<expr> is not true` (NULL refuses) or `<expr> is false` (a filter that keeps
//   NULL rows out, as WHERE does).
//
// String literals and comments are left out before matching (messages say "not yours").
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { code } from '../helpers/sql-bodies.ts';


const RISKY = /(?:\b(?:if|elsif|while|when|where|and|or)|\()\s*not\s+(?!found\b|exists\b)[^;\n]{0,60}/gi;

/** Each negated condition that could be NULL, as written. */
export function riskyNegations(body: string): string[] {
  return [...code(body).matchAll(RISKY)].map((m) => m[0].replace(/\s+/g, ' ').trim());
}

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test('no stored function of app or app_private negates a condition that may be NULL', async (t) => {
  const { rows } = await db.pool.query<{ f: string; prosrc: string }>(`
    select p.oid::regprocedure::text as f, p.prosrc from pg_proc p
     where p.pronamespace in ('app'::regnamespace, 'app_private'::regnamespace) order by 1`);
  t.true(rows.length > 200, 'the bodies are read');
  const found = rows.flatMap((r) => riskyNegations(r.prosrc).map((m) => `${r.f}: ${m}`));
  t.deepEqual(found, [], 'write `<expr> is not true` (NULL refuses) or `<expr> is false` (NULL filtered out)');
});

test('the rule flags the 000085 body of app.file_info and the forms it names, and passes the safe ones', (t) => {
  // The body app.file_info once shipped with (trimmed to its check): the rule must refuse it.
  const body000085 = `
    readable := exists (select 1 from app.event_teams t where t.project_id = f.project_id and t.event_id = ctx.event_id)
      and (ctx.role = 'organizer' or (ctx.role = 'participant' and ctx.team_id = f.project_id));
    if not readable then
      perform app_private.fail('file_not_found', 'No file, or it is not yours to read');
    end if;`;
  t.deepEqual(riskyNegations(body000085), ['if not readable then']);
  t.is(riskyNegations('select 1 where a = 1\n   and not b.late').length, 1);
  t.is(riskyNegations('if x is null or not (ctx.role in (1)) then').length, 1);
  t.is(riskyNegations('if (not p_ok) then').length, 1);
  t.is(riskyNegations('case when not vt.included then 1 end').length, 1);
  t.is(riskyNegations('IF NOT app_private.is_member_of(ws) THEN').length, 1);
  // Safe forms: FOUND and EXISTS are never NULL; what NULL does is said; text is not code.
  t.deepEqual(riskyNegations(`
    if not found then raise; end if;
    if not exists (select 1) then return; end if;
    if readable is not true then fail('no'); end if;
    select count(*) where x.included is false;
    perform fail('x', 'a team, or not yours to read');  -- and not this comment
    /* where not in a block comment */
    if y is not null and z not in (1, 2) then end if;`), []);
});
