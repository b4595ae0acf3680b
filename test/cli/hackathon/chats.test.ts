// The chats, requests and feed commands, in process against a real server: every check made
// before any request (counted at the network edge), the spec's outputs line by line, --json
// printing the wire payload, one fresh Idempotency-Key per invocation, refusals and their exit
// codes, the author of an erased account. The server's rules are tested in test/api/event/chats.test.ts.
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../../cli/hackathon/main.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http, setClock } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { runInProcess } from '../in-process.ts';
import { makeHome } from './run.ts';

let s: TestServer;
let owner: Person, ann: Person, amy: Person, bob: Person, ada: Person, abe: Person, jules: Person;
let env: NodeJS.ProcessEnv;
let general: string, rocketChat: string, rocket: string, eventId: string;
let clockOffset = 0;
let requests = 0; // requests that reached the network edge
const dir = mkdtempSync(path.join(os.tmpdir(), 'hackathon-chats-'));
const ISO = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';
const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const counting: typeof fetch = (input, init) => {
  requests++;
  return fetch(input, init);
};
const run = (args: string[], as: Person = ann) => runInProcess('hackathon', main, args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: as.key }, undefined, counting);
const file = (name: string, body: string | Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, body);
  return p;
};

test.before(async () => {
  s = await startTestServer();
  const w = await eventWorkspace(s.db.pool, 'Acme');
  owner = w.owner;
  ann = await person(s.db.pool, w.ws.id, 'ann@acme.test');
  amy = await person(s.db.pool, w.ws.id, 'amy@acme.test');
  bob = await person(s.db.pool, w.ws.id, 'bob@acme.test');
  ada = await person(s.db.pool, w.ws.id, 'ada@acme.test');
  abe = await person(s.db.pool, w.ws.id, 'abe@acme.test');
  jules = await person(s.db.pool, w.ws.id, 'jules@acme.test');
  eventId = (await createEvent(s.url, owner.key, Date.now() + 2 * HOUR)).id;
  await importRoster(s.url, owner.key, [
    { email: 'ann@acme.test', team: 'Rocket' }, { email: 'amy@acme.test', team: 'Rocket' }, { email: 'bob@acme.test', team: 'Comet' },
    { email: 'ada@acme.test', role: 'advisor' }, { email: 'abe@acme.test', role: 'advisor' }, { email: 'jules@acme.test', role: 'jury' },
  ]);
  rocket = (await teamIds(s.db.pool, w.ws.id)).Rocket!;
  const chans = (await http(s.url, 'GET', '/api/v1/event/chats', { key: ann.key })).body.items;
  general = chans[0].id;
  rocketChat = chans[1].id;
  env = makeHome().env;
});
test.after.always(() => s?.close());
test.beforeEach(async () => {
  clockOffset += 61; // a fresh minute for the posting rate
  await setClock(s.url, clockOffset);
});

/** Runs a command that must be refused before any request. */
async function refusedBefore(t: any, args: string[], code: number, message: RegExp, as: Person = ann) {
  const before = requests;
  const r = await run(args, as);
  t.is(r.code, code, `${args.join(' ')}: ${r.stderr}`);
  t.regex(r.stderr, message, args.join(' '));
  t.is(requests, before, `${args.join(' ')} sent no request`);
}

test.serial('every check is made before any request: malformed ids are usage errors (1), bad text and options are refused (2)', async (t) => {
  await refusedBefore(t, ['chats', 'read'], 1, /name the channel/);
  await refusedBefore(t, ['chats', 'replies', rocketChat], 1, /name the channel and the thread's root post/);
  await refusedBefore(t, ['chats', 'replies', rocketChat, '42'], 1, /the post id must be an id/);
  await refusedBefore(t, ['chats', 'post', 'nope'], 2, /exactly one of the words of the post or --file/);
  await refusedBefore(t, ['chats', 'replies', 'rocket', '42'], 1, /the post id must be an id/);
  await refusedBefore(t, ['chats', 'post', rocketChat, 'hi', '--thread', '123'], 1, /--thread must be an id/);
  await refusedBefore(t, ['chats', 'post', rocketChat], 2, /exactly one of the words of the post or --file/);
  await refusedBefore(t, ['chats', 'post', rocketChat, 'hi', '--file', file('a.txt', 'x')], 2, /exactly one of/);
  await refusedBefore(t, ['chats', 'post', rocketChat, 'x'.repeat(4001)], 2, /4001 characters; at most 4000/);
  await refusedBefore(t, ['chats', 'post', rocketChat, 'ring\u0007'], 2, /control character/);
  await refusedBefore(t, ['chats', 'post', rocketChat, '   '], 2, /empty/);
  await refusedBefore(t, ['feed', 'post', '--file', file('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9]))], 2, /is not UTF-8 text/);
  await refusedBefore(t, ['feed', 'post', '--file', path.join(dir, 'missing.txt')], 2, /cannot read/);
  await refusedBefore(t, ['feed', 'list', '--limit', '0'], 2, /--limit must be a whole number from 1 to 100/);
  await refusedBefore(t, ['feed', 'pin', 'x'], 1, /the post id must be an id/);
  await refusedBefore(t, ['feed', 'hide', rocketChat], 1, /--reason <text> is required/, owner);
  await refusedBefore(t, ['feed', 'hide', rocketChat, '--reason', 'x'.repeat(501)], 2, /--reason is 501 characters; at most 500/, owner);
  await refusedBefore(t, ['feed', 'hide', rocketChat, '--reason', 'two\nlines'], 2, /one line/, owner);
  await refusedBefore(t, ['requests', 'list', '--status', 'closed'], 2, /--status takes open, claimed, resolved/);
  await refusedBefore(t, ['requests', 'list', '--limit', '101'], 2, /--limit/);
  await refusedBefore(t, ['requests', 'open', '--title', 'x'.repeat(201), '--body', 'b'], 2, /--title is 201 characters; at most 200/);
  await refusedBefore(t, ['requests', 'open', '--title', 'a\nb', '--body', 'b'], 2, /--title holds a control character/);
  await refusedBefore(t, ['requests', 'open', '--title', 't', '--body', ''], 2, /--body is empty/);
  await refusedBefore(t, ['requests', 'open', '--title', 't'], 1, /--title <text> and --body <text> are required/);
  await refusedBefore(t, ['requests', 'claim', 'abc'], 1, /the request id must be an id/);
});

test.serial('chats list prints kind, id and name per channel; --json is the wire payload', async (t) => {
  const sent = requests;
  const r = await run(['chats', 'list']);
  t.is(r.code, 0, r.stderr);
  t.true(requests > sent, 'requests are counted at the network edge (so the checks above are real)');
  t.deepEqual(r.stdout.trim().split('\n'), [`general  ${general}  General`, `team     ${rocketChat}  Rocket`], 'one row per channel, no header row piped');
  const j = await run(['chats', 'list', '--json']);
  t.deepEqual(JSON.parse(j.stdout), (await http(s.url, 'GET', '/api/v1/event/chats', { key: ann.key })).body);
  const jury = await run(['chats', 'list'], jules);
  t.is(jury.code, 3);
  t.regex(jury.stderr, /Jury viewers may read the gallery, the programme and presentations only \(insufficient_event_role\)/);
});

test.serial('channels by name: general and a team chat by its team name, case-insensitive; unknown names list the channels (exit 2, nothing posted)', async (t) => {
  const posted = await run(['chats', 'post', 'ROCKET', 'by', 'name']);
  t.is(posted.code, 0, posted.stderr);
  const postId = posted.stdout.match(new RegExp(`Posted (${ID})`))![1];
  const read = await run(['chats', 'read', 'rocket', '--limit', '1']);
  t.is(read.code, 0, read.stderr);
  t.regex(read.stdout, new RegExp(`\\(${postId}\\)\n  by name\n`));
  t.is((await run(['chats', 'read', 'General', '--limit', '1'])).code, 0);
  t.is((await run(['chats', 'replies', 'rocket', postId])).code, 0);
  const before = requests;
  const unknown = await run(['chats', 'post', 'Comet', 'hi']);
  t.is(unknown.code, 2);
  t.is(unknown.stderr, `hackathon: no channel named "Comet" that you can read; candidates:\n  general General (${general})\n  team Rocket (${rocketChat}) (unknown_name)\n`);
  t.is(requests, before + 1, 'one lookup, no post');
});

test.serial('chats post prints Posted <id> at <iso>, with a fresh Idempotency-Key each time; --file keeps newlines; --thread replies', async (t) => {
  const a = await run(['chats', 'post', rocketChat, 'same', 'words']);
  const b = await run(['chats', 'post', rocketChat, 'same', 'words']);
  t.regex(a.stdout, new RegExp(`^Posted (${ID}) at (${ISO})\n$`));
  t.not(a.stdout, b.stdout, 'two invocations are two posts');
  const id = /Posted (\S+)/.exec(a.stdout)![1]!;
  const body = (await s.db.pool.query('select body from app.chat_posts where id = $1', [id])).rows[0].body;
  t.is(body, 'same words');
  const f = await run(['chats', 'post', rocketChat, '--file', file('note.txt', 'line one\r\n\tline two\n')]);
  const fid = /Posted (\S+)/.exec(f.stdout)![1]!;
  t.is((await s.db.pool.query('select body from app.chat_posts where id = $1', [fid])).rows[0].body, 'line one\n\tline two');
  const reply = await run(['chats', 'post', rocketChat, 'a reply', '--thread', id, '--json'], ada);
  t.is(reply.code, 0, reply.stderr);
  t.like(JSON.parse(reply.stdout), { threadId: id, body: 'a reply', role: 'advisor', author: { name: 'ada' } });
  const nested = await run(['chats', 'post', rocketChat, 'nested', '--thread', JSON.parse(reply.stdout).id]);
  t.is(nested.code, 1);
  t.regex(nested.stderr, /not_a_thread_root/);
  const resent = (await s.db.pool.query(`select count(*)::int as n from app_private.idempotency_keys where scope like '% POST /api/v1/event/chats/%'`)).rows[0].n;
  t.true(resent >= 4, 'each invocation sent its own key');
});

test.serial('chats read: posts as in feed list, [advisor] tags, activity items with a one-line summary, a pointer to threads, Next page', async (t) => {
  const root = (await http(s.url, 'POST', `/api/v1/event/chats/${rocketChat}/posts`, { key: amy.key, body: { body: 'Has a thread\nsecond line' } })).body;
  await http(s.url, 'POST', `/api/v1/event/chats/${rocketChat}/posts`, { key: ada.key, body: { body: 'answer', threadId: root.id } });
  const req = (await http(s.url, 'POST', '/api/v1/event/requests', { key: ann.key, body: { title: 'Build breaks', body: 'help' } })).body;
  await s.db.pool.query(
    `insert into app.submission_receipts (event_id, project_id, delivery_id, kind, received_at, repository, ref, sha, verdict, summary)
     values ($1, $2, 'd1', 'push', app.now(), 'acme/rocket', 'refs/heads/main', $3, 'accepted', '{"pusher":"ann-gh","message":"Fix it"}'),
            ($1, $2, 'd2', 'pull_request', app.now() + interval '1 second', 'acme/rocket', 'feature', $3, 'accepted', '{"action":"opened","title":"Dark mode","number":7}')`,
    [eventId, rocket, 'b'.repeat(40)]);
  const r = await run(['chats', 'read', rocketChat, '--limit', '4']);
  t.is(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  t.regex(lines[0]!, new RegExp(`^${ISO} \\[pull request\\] Pull request #7 opened: Dark mode \\(${ID}\\)$`));
  t.regex(lines[1]!, new RegExp(`^${ISO} \\[push\\] ann-gh pushed bbbbbbbbbbbb to main: Fix it \\(${ID}\\)$`));
  t.regex(lines[2]!, new RegExp(`^${ISO} \\[request\\] Build breaks \\(open\\); thread: hackathon chats read ${req.threadChannelId} \\(${ID}\\)$`));
  t.regex(lines[3]!, new RegExp(`^${ISO} amy \\(${root.id}\\)$`));
  t.deepEqual(lines.slice(4, 7), ['  Has a thread', '  second line', `  1 reply: hackathon chats replies ${rocketChat} ${root.id}`]);
  t.regex(lines[7]!, /^Next page: --cursor \S+$/);
  const j = await run(['chats', 'read', rocketChat, '--limit', '4', '--json']);
  const wire = (await http(s.url, 'GET', `/api/v1/event/chats/${rocketChat}/posts?limit=4`, { key: ann.key })).body;
  t.deepEqual(JSON.parse(j.stdout), wire);
  t.like(wire.items[1], { kind: 'push', activity: { pusher: 'ann-gh', branch: 'main' } });
  const replies = await run(['chats', 'replies', rocketChat, root.id]);
  t.is(replies.code, 0, replies.stderr);
  const rl = replies.stdout.trimEnd().split('\n');
  t.regex(rl[0]!, new RegExp(`^${ISO} amy \\(${root.id}\\)$`));
  t.regex(rl[3]!, new RegExp(`^${ISO} ada \\[advisor\\] \\(${ID}\\)$`));
  t.is(rl[4], '  answer');
  const notHere = await run(['chats', 'replies', general, root.id]);
  t.is(notHere.code, 1);
  t.regex(notHere.stderr, new RegExp(`There is no post ${root.id} in this channel \\(post_not_found\\)`));
  const other = await run(['chats', 'read', rocketChat], bob);
  t.is(other.code, 1);
  t.regex(other.stderr, /channel_not_found/);
});

test.serial('feed: post, list with [organizer] [pinned] [hidden: reason] for organizers, show with pins newest first; moderation outputs', async (t) => {
  const posted = await run(['feed', 'post', 'Welcome', 'everyone'], owner);
  t.regex(posted.stdout, new RegExp(`^Posted (${ID}) at ${ISO}\n$`));
  const welcome = /Posted (\S+)/.exec(posted.stdout)![1]!;
  const spam = /Posted (\S+)/.exec((await run(['feed', 'post', 'buy now'], bob)).stdout)![1]!;
  const tip = /Posted (\S+)/.exec((await run(['feed', 'post', 'A tip'], ada)).stdout)![1]!;
  t.is((await run(['feed', 'pin', welcome], owner)).stdout, `Pinned ${welcome}\n`);
  t.is((await run(['feed', 'pin', tip], owner)).stdout, `Pinned ${tip}\n`);
  t.is((await run(['feed', 'unpin', tip], owner)).stdout, `Unpinned ${tip}\n`);
  t.is((await run(['feed', 'pin', tip], owner)).stdout, `Pinned ${tip}\n`);
  t.is((await run(['feed', 'hide', spam, '--reason', 'Spam'], owner)).stdout, `Hidden ${spam}\n`);
  const hiddenPin = await run(['feed', 'pin', spam], owner);
  t.is(hiddenPin.code, 1);
  t.regex(hiddenPin.stderr, /A hidden post cannot be pinned; restore it first \(post_hidden\)/);
  const list = await run(['feed', 'list', '--limit', '3'], owner);
  t.is(list.code, 0, list.stderr);
  t.deepEqual(list.stdout.split('\n').slice(0, 6).map((l) => l.replace(new RegExp(ISO), '<iso>')), [
    `<iso> ada [advisor] [pinned] (${tip})`, '  A tip',
    `<iso> bob [hidden: Spam] (${spam})`, '  buy now',
    `<iso> owner [organizer] [pinned] (${welcome})`, '  Welcome everyone',
  ]);
  const asPart = await run(['feed', 'list', '--limit', '3'], ann);
  t.false(asPart.stdout.includes(spam), 'hidden posts are shown to organizers only');
  t.false(asPart.stdout.includes('Spam'));
  const show = await run(['feed', 'show'], ann);
  t.deepEqual(show.stdout.split('\n').slice(0, 5).map((l) => l.replace(new RegExp(ISO), '<iso>')), [
    'General', `<iso> ada [advisor] [pinned] (${tip})`, '  A tip', `<iso> owner [organizer] [pinned] (${welcome})`, '  Welcome everyone',
  ]);
  t.is((await run(['feed', 'restore', spam], owner)).stdout, `Restored ${spam}\n`);
  t.true((await run(['feed', 'list', '--limit', '3'], ann)).stdout.includes(spam), 'visible again');
  const unknown = '00000000-0000-4000-8000-000000000000';
  const nf = await run(['feed', 'pin', unknown], owner);
  t.is(nf.code, 1);
  t.is(nf.stderr, `hackathon: There is no post ${unknown} in this channel (post_not_found)\n`);
  const notOrganizer = await run(['feed', 'hide', welcome, '--reason', 'x'], ann);
  t.is(notOrganizer.code, 3);
  t.regex(notOrganizer.stderr, /An event organizer is needed for this \(insufficient_event_role\)/);
  const pinJson = await run(['feed', 'unpin', welcome, '--json'], owner);
  t.like(JSON.parse(pinJson.stdout), { id: welcome, pinned: false });
});

test.serial('requests: open prints the id and the thread command; list blocks; show; claim, unclaim, resolve, reopen print the new status', async (t) => {
  const opened = await run(['requests', 'open', '--title', 'Docker will not start', '--body', 'It says\nno space']);
  t.is(opened.code, 0, opened.stderr);
  const m = new RegExp(`^Opened (${ID})\nThread: hackathon chats read (${ID})\n$`).exec(opened.stdout);
  t.truthy(m, opened.stdout);
  const id = m![1]!;
  t.is((await run(['requests', 'claim', id], ada)).stdout, `Claimed ${id} (now claimed)\n`);
  const taken = await run(['requests', 'claim', id], abe);
  t.is(taken.code, 1);
  t.regex(taken.stderr, /ada already claimed this help request \(request_claimed\)/);
  const list = await run(['requests', 'list', '--status', 'claimed'], owner);
  t.deepEqual(list.stdout.split('\n').slice(0, 3).map((l) => l.replace(new RegExp(ISO), '<iso>')), [
    `${id} claimed <iso> Rocket`, '  Docker will not start', '  claimed by ada',
  ]);
  const show = await run(['requests', 'show', id], amy);
  t.deepEqual(show.stdout.trimEnd().split('\n').map((l) => l.replace(new RegExp(ISO), '<iso>')), [
    `${id} claimed <iso> Rocket`, '  Docker will not start', '  claimed by ada', '  opened by ann', `  thread: hackathon chats read ${m![2]}`, '', '  It says', '  no space',
  ]);
  // requests reply: a post in the request's thread, no channel lookup by hand.
  const replied = await run(['requests', 'reply', id, 'Try', 'a', 'bigger', 'disk'], ada);
  t.is(replied.code, 0, replied.stderr);
  t.regex(replied.stdout, new RegExp(`^Replied ${ID} at ${ISO} in the thread of "Docker will not start"\n$`));
  t.true((await run(['chats', 'read', m![2]!], amy)).stdout.includes('Try a bigger disk'), 'the team reads the reply in the thread');
  const strangerReply = await run(['requests', 'reply', id, 'hi'], bob);
  t.is(strangerReply.code, 1, 'another team cannot reply (nor read) the request');
  t.regex(strangerReply.stderr, /request_not_found/);
  t.is((await run(['requests', 'reply', 'nope', 'x'])).code, 1, 'a malformed id is a usage error before any request');
  t.is((await run(['requests', 'unclaim', id], ada)).stdout, `Unclaimed ${id} (now open)\n`);
  t.is((await run(['requests', 'resolve', id], amy)).stdout, `Resolved ${id} (now resolved)\n`);
  const closed = await run(['chats', 'post', m![2]!, 'anyone?']);
  t.is(closed.code, 1);
  t.regex(closed.stderr, /read-only until it is reopened \(request_resolved\)/);
  const closedReply = await run(['requests', 'reply', id, 'anyone?'], amy);
  t.is(closedReply.code, 1);
  t.regex(closedReply.stderr, /\(request_resolved\)/);
  t.is((await run(['requests', 'reopen', id], ann)).stdout, `Reopened ${id} (now open)\n`);
  const other = await run(['requests', 'show', id], bob);
  t.is(other.code, 1);
  t.regex(other.stderr, /request_not_found/);
  const j = await run(['requests', 'show', id, '--json'], amy);
  t.deepEqual(JSON.parse(j.stdout), (await http(s.url, 'GET', `/api/v1/event/requests/${id}`, { key: amy.key })).body);
  const advisorOpens = await run(['requests', 'open', '--title', 't', '--body', 'b'], ada);
  t.is(advisorOpens.code, 3);
  const page = await run(['requests', 'list', '--limit', '1'], owner);
  t.regex(page.stdout, /\nNext page: --cursor \S+\n$/);
});

test.serial('an erased author prints as (erased account)', async (t) => {
  const id = /Posted (\S+)/.exec((await run(['feed', 'post', 'before erasure'], abe)).stdout)![1]!;
  await s.db.pool.query(`update app.users set erased_at = now(), name = null where id = $1`, [abe.userId]);
  const list = await run(['feed', 'list', '--limit', '1'], ann);
  t.regex(list.stdout, new RegExp(`^${ISO} \\(erased account\\) \\[advisor\\] \\(${id}\\)\n  before erasure\n`));
  t.is(JSON.parse((await run(['feed', 'list', '--limit', '1', '--json'], ann)).stdout).items[0].author.name, '(erased account)');
});
