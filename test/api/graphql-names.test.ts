// GraphQL arguments are named as the docs write them: the SQL parameter `p_full_name` is the
// argument `fullName` (ArgumentNamesPlugin, api/graphql.ts), for every function at once,
// queries and mutation inputs alike. The prefix stays only where the short name would
// collide, and the schema still builds when such a function exists.
import test from 'ava';
import { makeSchema } from 'postgraphile';
import { isInputObjectType, isObjectType, type GraphQLSchema } from 'postgraphile/graphql';
import { graphqlPreset } from '../../api/graphql.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const build = async () => (await makeSchema(graphqlPreset(db.pool))).schema;

/** Every argument of every field and every input field, as `Type.field(arg)` / `Input.field`. */
function argumentNames(schema: GraphQLSchema): { where: string; name: string }[] {
  const out: { where: string; name: string }[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type)) for (const f of Object.values(type.getFields())) for (const a of f.args) out.push({ where: `${type.name}.${f.name}(${a.name})`, name: a.name });
    if (isInputObjectType(type)) for (const f of Object.values(type.getFields())) out.push({ where: `${type.name}.${f.name}`, name: f.name });
  }
  return out;
}

const P_PREFIXED = /^p[A-Z]/;

test.serial('the schema builds and no argument or input field carries the SQL p prefix', async (t) => {
  const schema = await build();
  const names = argumentNames(schema);
  t.true(names.length > 200, `${names.length} arguments and input fields`);
  t.deepEqual(names.filter((n) => P_PREFIXED.test(n.name)).map((n) => n.where), []);
  // The names the docs use, a query argument and a mutation input field.
  const query = schema.getQueryType()!.getFields();
  t.deepEqual(query.repositoryInvitation!.args.map((a) => a.name), ['fullName']);
  // A typed list (`@shape app.deck_summary[]`) has PostGraphile's list arguments after its own.
  t.deepEqual(query.listDecks!.args.map((a) => a.name), ['limit', 'beforeAt', 'beforeId'], 'a function paging itself: no first/offset of PostGraphile\'s');
  t.deepEqual(query.listDeckVersions!.args.map((a) => a.name), ['deck', 'limit', 'before'], 'a plain list has no `before` of its own');
  const rename = schema.getType('RenameDeckInput');
  t.true(isInputObjectType(rename));
  if (isInputObjectType(rename)) t.deepEqual(Object.keys(rename.getFields()).sort(), ['clientMutationId', 'deck', 'title']);
});

test.serial('the prefix stays where the short name would collide, and the schema still builds', async (t) => {
  await db.pool.query(`
    create function app.zz_both(p_input text, input text) returns text language sql stable as $$ select p_input || input $$;
    create function app.zz_note(p_client_mutation_id text, p_note text) returns jsonb language sql volatile as $$ select to_jsonb(p_note) $$;
    create function app.zz_rows(p_first int, p_name text) returns setof app.workspaces language sql stable as $$ select * from app.workspaces limit p_first $$;
    create function app.workspaces_zz_label(w app.workspaces, p_suffix text) returns text language sql stable as $$ select w.name || p_suffix $$;
    grant execute on function app.zz_both(text, text), app.zz_note(text, text), app.zz_rows(int, text), app.workspaces_zz_label(app.workspaces, text) to podium_app;`);
  try {
    const schema = await build();
    const query = schema.getQueryType()!.getFields();
    t.deepEqual(query.zzBoth!.args.map((a) => a.name), ['pInput', 'input'], 'beside a parameter named `input`');
    const rows = query.zzRows!.args.map((a) => a.name);
    t.true(rows.includes('pFirst') && rows.includes('first') && rows.includes('name'), `a connection's own first: ${rows.join(', ')}`);
    // A computed column: its row argument is not an argument, the others drop the prefix.
    const workspace = schema.getType('Workspace');
    t.true(isObjectType(workspace));
    if (isObjectType(workspace)) t.deepEqual(workspace.getFields().zzLabel?.args.map((a) => a.name), ['suffix']);
    const note = schema.getType('ZzNoteInput');
    t.true(isInputObjectType(note));
    if (isInputObjectType(note)) t.deepEqual(Object.keys(note.getFields()).sort(), ['clientMutationId', 'note', 'pClientMutationId']);
    // Only these three deliberate collisions keep a prefix.
    t.deepEqual(
      argumentNames(schema)
        .filter((n) => P_PREFIXED.test(n.name))
        .map((n) => n.where)
        .sort(),
      ['Query.zzBoth(pInput)', 'Query.zzRows(pFirst)', 'ZzNoteInput.pClientMutationId'],
    );
  } finally {
    await db.pool.query('drop function app.zz_both(text, text), app.zz_note(text, text), app.zz_rows(int, text), app.workspaces_zz_label(app.workspaces, text)');
  }
});
