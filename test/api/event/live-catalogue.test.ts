// The live stream's catalogue: every kind a stored function
// writes to the live log has its payload's schema in core/wire/live.ts, and every schema there
// names a kind something writes. The kinds are read from the live database's function bodies
// (pg_proc): each call of a publisher (app_private.live_publish, or app_private.chat_publish,
// which passes its kind on) is read argument by argument, so a kind written as anything but a
// literal is flagged rather than missed. The payloads themselves are checked against the
// schemas where real changes are made (tui-live, reactions and chats tests: fitLiveRows).
import test from 'ava';
import { CONTROL_KINDS, LIVE_KINDS, parseLive } from '../../../core/wire/live.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';

/** The functions that write a row to the live log, and which argument (0-based) is the row's kind. */
const PUBLISHERS: Record<string, number> = { 'app_private.live_publish': 1, 'app_private.chat_publish': 1 };
/** Functions that publish again what a publisher staged (live_publish under podium.live_defer): the kind as staged. */
const RELAYS: Record<string, string> = { 'app_private.live_publish_deferred': 'd.kind' };

/** The arguments of the call whose `(` is at `open` in `text`, split at top-level commas (quotes and parentheses respected). */
export function callArgs(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      let j = end;
      while (j >= 0 && text[j + 1] === "'") j = text.indexOf("'", j + 2); // '' inside a literal
      cur += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') {
      if (depth === 0) {
        args.push(cur.trim());
        return args;
      }
      depth--;
    }
    if (ch === ',' && depth === 0) {
      args.push(cur.trim());
      cur = '';
      continue;
    }
    cur += ch;
  }
  throw new Error(`an unclosed call at ${open}`);
}

/** The kinds each body writes: literals, and arguments that are not (named with where they are). */
export function kindsWritten(fn: string, body: string, params: string[]): { kinds: string[]; dynamic: string[] } {
  const kinds: string[] = [];
  const dynamic: string[] = [];
  for (const [publisher, at] of Object.entries(PUBLISHERS)) {
    let from = 0;
    for (;;) {
      const i = body.toLowerCase().indexOf(`${publisher}(`, from);
      if (i < 0) break;
      from = i + publisher.length;
      const arg = callArgs(body, i + publisher.length)[at] ?? '';
      const literal = /^'([a-z_.]+)'(?:::text)?$/.exec(arg);
      // A CASE choosing between literal kinds (generation_run_live): each of them.
      const choice = /^case\b[\s\S]*\bend$/i.test(arg) ? [...arg.matchAll(/\bthen\s+'([a-z_.]+)'|\belse\s+'([a-z_.]+)'/gi)].map((m) => m[1] ?? m[2]!) : [];
      if (literal) kinds.push(literal[1]!);
      else if (choice.length) kinds.push(...choice);
      // A publisher passing on its own kind parameter (chat_publish's p_kind) is read at its callers.
      else if (!(fn in PUBLISHERS && params.includes(arg)) && RELAYS[fn] !== arg) dynamic.push(`${fn}: ${arg}`);
    }
  }
  return { kinds, dynamic };
}

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test('every kind a stored function writes to the live log has its schema, and every schema is written', async (t) => {
  const { rows } = await db.pool.query<{ f: string; name: string; prosrc: string; params: string[] | null }>(`
    select p.oid::regprocedure::text as f, p.pronamespace::regnamespace::text || '.' || p.proname as name, p.prosrc, p.proargnames as params
      from pg_proc p
     where p.pronamespace::regnamespace::text in ('app', 'app_private', 'hub', 'hub_private')
       and p.prosrc ~* '(live|chat)_publish\\s*\\('`);
  const written = new Map<string, string[]>();
  const dynamic: string[] = [];
  for (const r of rows) {
    const found = kindsWritten(r.name, r.prosrc, r.params ?? []);
    for (const k of found.kinds) written.set(k, [...(written.get(k) ?? []), r.f]);
    dynamic.push(...found.dynamic);
  }
  t.true(rows.length >= 5, 'the publishing functions are read');
  t.deepEqual(dynamic, [], 'a kind is a literal (or a publisher\'s own parameter), so this catalogue can read it');
  t.deepEqual([...written.keys()].filter((k) => !(k in LIVE_KINDS)).map((k) => `${k} (written by ${written.get(k)!.join(', ')})`), [], 'every kind written has its schema in core/wire/live.ts');
  t.deepEqual(Object.keys(LIVE_KINDS).filter((k) => !written.has(k)), [], 'every schema names a kind some function writes');
  t.deepEqual(Object.keys(CONTROL_KINDS).filter((k) => k in LIVE_KINDS), [], 'the stream\'s own events are no kind of the log');
});

test('the reader takes literal kinds, skips a publisher\'s own parameter and flags anything else', (t) => {
  t.deepEqual(callArgs(`f(a, 'x, y', g(1, 2), array['a', 'b']) rest`, 1), ['a', "'x, y'", 'g(1, 2)', "array['a', 'b']"]);
  t.deepEqual(kindsWritten('app.x', `perform app_private.chat_publish(c, 'post.pinned', jsonb_build_object('a', 1));`, []), { kinds: ['post.pinned'], dynamic: [] });
  t.deepEqual(kindsWritten('app_private.chat_publish', `perform app_private.live_publish(c.event_id, p_kind, p_roles, c.team_id, p_payload);`, ['c', 'p_kind']), { kinds: [], dynamic: [] });
  t.deepEqual(kindsWritten('app.y', `perform app_private.live_publish(e, k, r, null, '{}');`, ['k']), { kinds: [], dynamic: ['app.y: k'] });
  t.deepEqual(kindsWritten('app.z', `perform app_private.live_publish(e, case when x then 'a.done' else 'a.going' end, r, null, '{}');`, []), { kinds: ['a.done', 'a.going'], dynamic: [] });
});

test('parseLive types a change by its kind and refuses a payload that does not fit or a kind it does not know', (t) => {
  const ok = parseLive({ id: '1', kind: 'post.pinned', payload: { channelId: 'c', postId: 'p', extra: 1 } });
  t.deepEqual(ok, { id: '1', kind: 'post.pinned', payload: { channelId: 'c', postId: 'p' } });
  t.is(parseLive({ id: '2', kind: 'post.pinned', payload: { channelId: 'c' } }), null);
  t.is(parseLive({ id: '3', kind: 'no.such', payload: {} }), null);
  t.is(parseLive({ id: '4', kind: 'hasOwnProperty', payload: {} }), null);
});
