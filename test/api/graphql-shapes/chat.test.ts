// Typed GraphQL for chats, the feed and help requests (issue 44): every query field of the area
// read with all of its fields selected agrees with the REST route that calls the same function,
// every mutation answers its typed result (checked against a REST read of the same thing), on
// data that fills the nested shapes: authors, reactions, replies, pins, a hidden post with its
// reason (organizers), help request cards with their claimer, push and pull request activity
// items. And workspace B's key reads and changes none of A's through the typed fields.
import test from 'ava';
import type { GraphQLSchema } from 'postgraphile/graphql';
import { pushFixture, sendDelivery } from '../../helpers/codehost.ts';
import { assignRepository, createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { answerTypes, liveSchema, mutateShaped, readShaped, sameAsJson } from '../../helpers/graphql.ts';
import { http, setClock } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let schema: GraphQLSchema;
let owner: Person, ann: Person, amy: Person, bob: Person, ada: Person, bOwner: Person;
let eventA: string, rocket: string;
let general: string, rocketChat: string, bGeneral: string;
let clockOffset = 0;
// Made in before: a thread with replies and reactions, a pinned post, a hidden one, a claimed
// help request (its card in Rocket's chat) and push and pull request activity items.
let root: any, hiddenReply: any, feedPinned: any, claimed: any;

const get = (who: Person, path: string) => http(s.url, 'GET', path, { key: who.key });
const send = async (who: Person, method: string, path: string, body?: unknown) => {
  const r = await http(s.url, method, path, { key: who.key, body });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
};
const post = (who: Person, channel: string, body: string, threadId?: string) =>
  send(who, 'POST', `/api/v1/event/chats/${channel}/posts`, threadId ? { body, threadId } : { body });
const react = (who: Person, postId: string, emoji: string) => send(who, 'PUT', `/api/v1/event/posts/${postId}/reactions/${encodeURIComponent(emoji)}`);
const read = (who: Person, field: string, args: Record<string, unknown> = {}) => readShaped(s.url, who.key, schema, field, args);
const mutate = (who: Person, mutation: string, input: Record<string, unknown>) => mutateShaped(s.url, who.key, schema, mutation, input);
/** A post as REST lists it in its channel (root posts) or its thread (replies), read by `who`. */
async function restPost(who: Person, channel: string, id: string, threadId?: string | null): Promise<any> {
  const path = threadId ? `/api/v1/event/chats/${channel}/posts/${threadId}/replies?limit=100` : `/api/v1/event/chats/${channel}/posts?limit=100`;
  const r = await get(who, path);
  if (r.status !== 200) throw new Error(`${path}: ${r.text}`);
  const found = r.body.items.find((p: any) => p.id === id);
  if (!found) throw new Error(`post ${id} not in ${path}`);
  return found;
}

test.before(async () => {
  s = await startTestServer();
  const a = await eventWorkspace(s.db.pool, 'Alpha');
  owner = a.owner;
  ann = await person(s.db.pool, a.ws.id, 'ann@alpha.test');
  amy = await person(s.db.pool, a.ws.id, 'amy@alpha.test');
  bob = await person(s.db.pool, a.ws.id, 'bob@alpha.test');
  ada = await person(s.db.pool, a.ws.id, 'ada@alpha.test');
  eventA = (await createEvent(s.url, owner.key, Date.now() + 2 * HOUR)).id;
  await importRoster(s.url, owner.key, [
    { email: 'ann@alpha.test', team: 'Rocket' }, { email: 'amy@alpha.test', team: 'Rocket' }, { email: 'bob@alpha.test', team: 'Comet' },
    { email: 'ada@alpha.test', role: 'advisor' },
  ]);
  rocket = (await teamIds(s.db.pool, a.ws.id)).Rocket!;
  const b = await eventWorkspace(s.db.pool, 'Beta');
  bOwner = b.owner;
  await createEvent(s.url, bOwner.key, Date.now() + 2 * HOUR);
  const chans = (await get(owner, '/api/v1/event/chats')).body.items;
  general = chans.find((c: any) => c.kind === 'general').id;
  rocketChat = chans.find((c: any) => c.name === 'Rocket').id;
  bGeneral = (await get(bOwner, '/api/v1/event/feed')).body.channel.id;
  schema = await liveSchema(s.url, owner.key);

  // Rocket's chat: a thread with two replies (one hidden by an organizer), reactions, a pin.
  root = await post(ann, rocketChat, 'How do we deploy?');
  await post(amy, rocketChat, 'With the script', root.id);
  hiddenReply = await post(ada, rocketChat, 'Off topic reply', root.id);
  await send(owner, 'POST', `/api/v1/event/posts/${hiddenReply.id}/hide`, { reason: 'Off topic' });
  await react(ann, root.id, '👍');
  await react(amy, root.id, '👍');
  await react(amy, root.id, '🎉');
  await send(owner, 'POST', `/api/v1/event/posts/${root.id}/pin`);
  // The feed: a pinned post with a reaction, and a hidden one.
  feedPinned = await post(bob, general, 'Welcome, everyone');
  await react(ada, feedPinned.id, '🚀');
  await send(owner, 'POST', `/api/v1/event/posts/${feedPinned.id}/pin`);
  const hiddenFeed = await post(amy, general, 'spam');
  await send(owner, 'POST', `/api/v1/event/posts/${hiddenFeed.id}/hide`, { reason: 'Spam' });
  // Two help requests: one claimed by an advisor (its card's activity names the claimer), one open.
  claimed = await send(ann, 'POST', '/api/v1/event/requests', { title: 'Build fails', body: 'npm ci breaks' });
  await send(ada, 'POST', `/api/v1/event/requests/${claimed.id}/claim`);
  await post(ada, claimed.threadChannelId, 'Looking at it');
  await send(amy, 'POST', '/api/v1/event/requests', { title: 'Slides', body: 'where do they go?' });
  // An accepted push and pull request of Rocket: activity items in its chat.
  await send(owner, 'PUT', '/api/v1/event/github', { organization: 'Octocoders', template: 'Octocoders/template' });
  await assignRepository(s.db.pool, rocket, 'Octocoders/Rocket', 'ready');
  const push = pushFixture('Octocoders/Rocket', { head_commit: { id: '0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c', message: 'Update README.md' } });
  const d1 = await sendDelivery(s.url, { eventId: eventA, payload: push });
  const d2 = await sendDelivery(s.url, { eventId: eventA, kind: 'pull_request', payload: {
    action: 'opened', number: 2, pull_request: { number: 2, title: 'Update the README', head: { ref: 'changes', sha: 'd'.repeat(40) } },
    repository: push.repository, organization: { login: 'Octocoders' }, sender: { login: 'Codertocat' } } });
  if (d1.body?.verdict !== 'accepted' || d2.body?.verdict !== 'accepted') throw new Error(`deliveries: ${JSON.stringify([d1, d2])}`);
});
test.after.always(() => s?.close());
// Each test starts a minute later on the server clock, so the posting and reaction rates count only its own changes.
test.beforeEach(async () => {
  clockOffset += 61;
  await setClock(s.url, clockOffset);
});

test.serial('every chat and help request field answers its composite type, not the JSON scalar', (t) => {
  const typeOf = (f: any) => String(f.type).replace(/!/g, '');
  t.deepEqual(answerTypes(schema, ['listChatChannels', 'listChatPosts', 'listChatReplies', 'showChatChannel', 'showFeed', 'listHelpRequests', 'showHelpRequest']), {
    listChatChannels: '[ChatChannelCard]', listChatPosts: '[ChatPostCard]', listChatReplies: 'ChatThreadPage', showChatChannel: 'ChatChannelView',
    showFeed: 'ChatChannelView', listHelpRequests: '[HelpRequestCard]', showHelpRequest: 'HelpRequestCard',
  });
  t.deepEqual(answerTypes(schema, ['createChatPost', 'pinChatPost', 'unpinChatPost', 'hideChatPost', 'restoreChatPost', 'addChatReaction', 'removeChatReaction',
    'openHelpRequest', 'claimHelpRequest', 'unclaimHelpRequest', 'resolveHelpRequest', 'reopenHelpRequest']), {
    createChatPost: 'ChatPostCard', pinChatPost: 'ChatPostCard', unpinChatPost: 'ChatPostCard', hideChatPost: 'ChatPostCard', restoreChatPost: 'ChatPostCard',
    addChatReaction: 'ChatReactionTally', removeChatReaction: 'ChatReactionTally', openHelpRequest: 'HelpRequestCard', claimHelpRequest: 'HelpRequestCard',
    unclaimHelpRequest: 'HelpRequestCard', resolveHelpRequest: 'HelpRequestCard', reopenHelpRequest: 'HelpRequestCard',
  });
  const post = schema.getType('ChatPostCard') as any;
  t.is(typeOf(post.getFields().activity), 'ChatActivity');
  t.is(typeOf(post.getFields().reactions), '[ChatReactionCount]');
  t.is(typeOf(post.getFields().author), 'PersonRef');
});

test.serial('listChatChannels, showChatChannel and showFeed answer typed, the same as their REST routes', async (t) => {
  for (const who of [owner, ann]) {
    const typed = await read(who, 'listChatChannels');
    const rest = await get(who, '/api/v1/event/chats');
    t.is(rest.status, 200, rest.text);
    sameAsJson(t, typed, rest.body.items, `listChatChannels (${who.email})`);
    const thread = typed.find((c: any) => c.kind === 'request' && c.name === 'Build fails');
    t.like(thread, { team: { id: rocket, name: 'Rocket' }, request: { id: claimed.id, status: 'claimed' } }, 'nested team and request are typed');
  }
  const channel = await read(ann, 'showChatChannel', { channel: rocketChat });
  const rest = await get(ann, `/api/v1/event/chats/${rocketChat}`);
  sameAsJson(t, channel, rest.body, 'showChatChannel');
  t.deepEqual(channel.pinned.map((p: any) => p.id), [root.id]);
  t.deepEqual(channel.pinned[0].reactions, [{ emoji: '👍', count: 2 }, { emoji: '🎉', count: 1 }]);
  t.is(channel.pinned[0].replyCount, 1, 'a participant does not count the hidden reply');
  const orgChannel = await read(owner, 'showChatChannel', { channel: rocketChat });
  sameAsJson(t, orgChannel, (await get(owner, `/api/v1/event/chats/${rocketChat}`)).body, 'showChatChannel (organizer)');
  t.is(orgChannel.pinned[0].replyCount, 2);
  for (const who of [owner, bob]) {
    const feed = await read(who, 'showFeed');
    sameAsJson(t, feed, (await get(who, '/api/v1/event/feed')).body, `showFeed (${who.email})`);
    t.like(feed, { channel: { id: general, kind: 'general', name: 'General', team: null, request: null } });
    t.like(feed.pinned[0], { id: feedPinned.id, author: { id: bob.userId, name: 'bob' }, reactions: [{ emoji: '🚀', count: 1 }] });
  }
});

test.serial('listChatPosts answers typed like the channel\'s and the feed\'s posts: activity items, hidden reasons for organizers', async (t) => {
  for (const who of [owner, amy]) {
    const typed = await read(who, 'listChatPosts', { channel: rocketChat, limit: 51 });
    const rest = await get(who, `/api/v1/event/chats/${rocketChat}/posts?limit=50`);
    t.is(rest.status, 200, rest.text);
    t.is(rest.body.nextCursor, null, 'one page holds them all');
    sameAsJson(t, typed, rest.body.items, `listChatPosts (${who.email})`);
    const byKind = (k: string) => typed.find((p: any) => p.kind === k);
    t.like(byKind('push').activity, { branch: 'main', sha: '0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c', pusher: 'Codertocat', late: false, requestId: null });
    t.is(typeof byKind('push').activity.sequence, 'string', 'a receipt sequence is a BigInt');
    t.like(byKind('pull_request').activity, { number: '2', action: 'opened', title: 'Update the README', ref: 'changes' });
    const card = typed.find((p: any) => p.kind === 'request' && p.activity.requestId === claimed.id);
    t.like(card, { author: null, role: null, activity: { threadChannelId: claimed.threadChannelId, title: 'Build fails', status: 'claimed',
      claimedBy: { id: ada.userId, name: 'ada', email: null } } });
  }
  const orgFeed = await read(owner, 'listChatPosts', { channel: general, limit: 51 });
  sameAsJson(t, orgFeed, (await get(owner, '/api/v1/event/feed/posts?limit=50')).body.items, 'listChatPosts of the feed (organizer)');
  t.true(orgFeed.some((p: any) => p.hidden && p.hiddenReason === 'Spam'));
  const annFeed = await read(ann, 'listChatPosts', { channel: general, limit: 51 });
  sameAsJson(t, annFeed, (await get(ann, '/api/v1/event/feed/posts?limit=50')).body.items, 'listChatPosts of the feed (participant)');
  t.false(annFeed.some((p: any) => p.hidden), 'no hidden post for a participant');
  // A page in the middle: the REST cursor's position as arguments.
  const first = await get(owner, `/api/v1/event/chats/${rocketChat}/posts?limit=1`);
  const [at, id] = [first.body.items[0].at, first.body.items[0].id];
  const page = await read(owner, 'listChatPosts', { channel: rocketChat, limit: 2, beforeAt: at, beforeId: id });
  const restPage = await get(owner, `/api/v1/event/chats/${rocketChat}/posts?limit=1&cursor=${first.body.nextCursor}`);
  t.is(page[0].id, restPage.body.items[0].id);
  sameAsJson(t, page[0], restPage.body.items[0], 'listChatPosts page 2');
});

test.serial('listChatReplies answers the root and its replies typed, as GET …/replies', async (t) => {
  for (const who of [owner, ann]) {
    const typed = await read(who, 'listChatReplies', { channel: rocketChat, post: root.id, limit: 51 });
    const rest = await get(who, `/api/v1/event/chats/${rocketChat}/posts/${root.id}/replies?limit=50`);
    t.is(rest.status, 200, rest.text);
    sameAsJson(t, typed, { root: rest.body.root, items: rest.body.items }, `listChatReplies (${who.email})`);
    t.is(typed.root.threadId, null);
    t.true(typed.items.every((p: any) => p.threadId === root.id));
  }
  const org = await read(owner, 'listChatReplies', { channel: rocketChat, post: root.id, limit: 51 });
  t.like(org.items.find((p: any) => p.id === hiddenReply.id), { hidden: true, hiddenReason: 'Off topic', role: 'advisor' });
  const thread = await read(ann, 'listChatReplies', { channel: claimed.threadChannelId, post: (await get(ann, `/api/v1/event/chats/${claimed.threadChannelId}/posts`)).body.items[0].id, limit: 10 });
  t.like(thread.root, { body: 'Looking at it', author: { id: ada.userId, name: 'ada' } });
});

test.serial('listHelpRequests and showHelpRequest answer typed, as GET /api/v1/event/requests and …/:id', async (t) => {
  for (const who of [ada, amy]) {
    const typed = await read(who, 'listHelpRequests', { status: null, limit: 51 });
    const rest = await get(who, '/api/v1/event/requests?limit=50');
    t.is(rest.status, 200, rest.text);
    t.is(typed.length, 2);
    sameAsJson(t, typed, rest.body.items, `listHelpRequests (${who.email})`);
  }
  const claimedOnly = await read(ada, 'listHelpRequests', { status: 'claimed', limit: 10 });
  sameAsJson(t, claimedOnly, (await get(ada, '/api/v1/event/requests?status=claimed&limit=9')).body.items, 'listHelpRequests claimed');
  t.like(claimedOnly, [{ id: claimed.id, team: { id: rocket, name: 'Rocket' }, openedBy: { id: ann.userId, name: 'ann' }, claimedBy: { id: ada.userId, name: 'ada' } }]);
  t.truthy(claimedOnly[0].claimedAt);
  const one = await read(amy, 'showHelpRequest', { id: claimed.id });
  sameAsJson(t, one, (await get(amy, `/api/v1/event/requests/${claimed.id}`)).body, 'showHelpRequest');
  t.is(one.threadChannelId, claimed.threadChannelId);
});

test.serial('post mutations answer a typed post: create (root and reply), pin, unpin, hide, restore; reactions add and remove', async (t) => {
  const made = await mutate(ann, 'createChatPost', { channel: rocketChat, body: 'typed post' });
  t.like(made, { channelId: rocketChat, threadId: null, kind: 'post', author: { id: ann.userId, name: 'ann', email: null }, role: 'participant', body: 'typed post', activity: null, replyCount: 0, reactions: [] });
  sameAsJson(t, made, await restPost(ann, rocketChat, made.id), 'createChatPost');
  const reply = await mutate(amy, 'createChatPost', { channel: rocketChat, body: 'typed reply', thread: made.id });
  t.is(reply.threadId, made.id);
  sameAsJson(t, reply, await restPost(amy, rocketChat, reply.id, made.id), 'createChatPost reply');

  const added = await mutate(amy, 'addChatReaction', { post: made.id, emoji: '👍' });
  await mutate(ann, 'addChatReaction', { post: made.id, emoji: '👍' });
  const both = await mutate(ann, 'addChatReaction', { post: made.id, emoji: '🎉' });
  t.deepEqual(added, { postId: made.id, reactions: [{ emoji: '👍', count: 1 }] });
  t.deepEqual(both, { postId: made.id, reactions: [{ emoji: '👍', count: 2 }, { emoji: '🎉', count: 1 }] });
  sameAsJson(t, both.reactions, (await restPost(ann, rocketChat, made.id)).reactions, 'addChatReaction');
  const removed = await mutate(amy, 'removeChatReaction', { post: made.id, emoji: '👍' });
  t.deepEqual(removed, { postId: made.id, reactions: [{ emoji: '🎉', count: 1 }, { emoji: '👍', count: 1 }] }, 'equal counts by emoji');
  sameAsJson(t, removed.reactions, (await restPost(ann, rocketChat, made.id)).reactions, 'removeChatReaction');

  const pinned = await mutate(owner, 'pinChatPost', { post: made.id });
  t.like(pinned, { id: made.id, pinned: true, hidden: false });
  t.truthy(pinned.pinnedAt);
  const view = (await get(owner, `/api/v1/event/chats/${rocketChat}`)).body;
  t.is(view.pinned[0].id, made.id, 'newest pin first');
  sameAsJson(t, pinned, view.pinned[0], 'pinChatPost');
  const unpinned = await mutate(owner, 'unpinChatPost', { post: made.id });
  t.like(unpinned, { pinned: false, pinnedAt: null });
  sameAsJson(t, unpinned, await restPost(owner, rocketChat, made.id), 'unpinChatPost');
  const hidden = await mutate(owner, 'hideChatPost', { post: made.id, reason: 'Not here' });
  t.like(hidden, { hidden: true, hiddenReason: 'Not here', reactions: [], replyCount: 1 });
  sameAsJson(t, hidden, await restPost(owner, rocketChat, made.id), 'hideChatPost');
  const restored = await mutate(owner, 'restoreChatPost', { post: made.id });
  t.like(restored, { hidden: false, hiddenReason: null, reactions: [] });
  sameAsJson(t, restored, await restPost(owner, rocketChat, made.id), 'restoreChatPost');
  // The feed's own posts are the general channel's.
  const feedPost = await mutate(bob, 'createChatPost', { channel: general, body: 'typed feed post' });
  sameAsJson(t, feedPost, await restPost(bob, general, feedPost.id), 'createChatPost in the feed');
});

test.serial('help request mutations answer a typed request: open, claim, unclaim, resolve, reopen', async (t) => {
  const opened = await mutate(ann, 'openHelpRequest', { title: 'Typed help', body: 'a typed request' });
  t.like(opened, { status: 'open', title: 'Typed help', body: 'a typed request', team: { id: rocket, name: 'Rocket' },
    openedBy: { id: ann.userId, name: 'ann', email: null }, claimedBy: null, claimedAt: null, resolvedAt: null });
  const show = async () => (await get(amy, `/api/v1/event/requests/${opened.id}`)).body;
  sameAsJson(t, opened, await show(), 'openHelpRequest');
  const card = (await get(amy, `/api/v1/event/chats/${rocketChat}/posts?limit=1`)).body.items[0];
  t.like(card, { kind: 'request', activity: { requestId: opened.id, threadChannelId: opened.threadChannelId } });
  const claimedNow = await mutate(ada, 'claimHelpRequest', { id: opened.id });
  t.like(claimedNow, { status: 'claimed', claimedBy: { id: ada.userId, name: 'ada' } });
  t.truthy(claimedNow.claimedAt);
  sameAsJson(t, claimedNow, await show(), 'claimHelpRequest');
  const again = await mutate(ada, 'claimHelpRequest', { id: opened.id });
  sameAsJson(t, again, await show(), 'claimHelpRequest again (a no-op)');
  const unclaimed = await mutate(ada, 'unclaimHelpRequest', { id: opened.id });
  t.like(unclaimed, { status: 'open', claimedBy: null, claimedAt: null });
  sameAsJson(t, unclaimed, await show(), 'unclaimHelpRequest');
  const resolved = await mutate(amy, 'resolveHelpRequest', { id: opened.id });
  t.like(resolved, { status: 'resolved' });
  t.truthy(resolved.resolvedAt);
  sameAsJson(t, resolved, await show(), 'resolveHelpRequest');
  const reopened = await mutate(ann, 'reopenHelpRequest', { id: opened.id });
  t.like(reopened, { status: 'open', resolvedAt: null });
  sameAsJson(t, reopened, await show(), 'reopenHelpRequest');
});

test.serial('two workspaces: B\'s key reads and changes none of A\'s chats, posts and requests through the typed fields', async (t) => {
  const gql = async (query: string) => (await http(s.url, 'POST', '/graphql', { key: bOwner.key, body: { query } })).body;
  const code = (r: any) => r.errors?.[0]?.extensions?.code;
  // B's own reads answer B's event only.
  t.deepEqual((await read(bOwner, 'listChatChannels')).map((c: any) => c.id), [bGeneral]);
  t.is((await read(bOwner, 'showFeed')).channel.id, bGeneral);
  t.deepEqual(await read(bOwner, 'listHelpRequests', { status: null, limit: 100 }), []);
  const bFeed = await read(bOwner, 'listChatPosts', { channel: bGeneral, limit: 100 });
  t.false(bFeed.some((p: any) => p.channelId !== bGeneral));
  // A's ids named by B: refused as if they did not exist, with every field selected.
  t.is(code(await gql(`{ listChatPosts(channel: "${rocketChat}", limit: 10) { id body } }`)), 'channel_not_found');
  t.is(code(await gql(`{ listChatPosts(channel: "${general}", limit: 10) { id body } }`)), 'channel_not_found');
  t.is(code(await gql(`{ showChatChannel(channel: "${general}") { channel { id name } pinned { id body } } }`)), 'channel_not_found');
  t.is(code(await gql(`{ listChatReplies(channel: "${rocketChat}", post: "${root.id}", limit: 10) { root { id body } items { id } } }`)), 'channel_not_found');
  t.is(code(await gql(`{ showHelpRequest(id: "${claimed.id}") { id title } }`)), 'request_not_found');
  await t.throwsAsync(read(bOwner, 'showHelpRequest', { id: claimed.id }), { message: /request_not_found/ });
  t.is(code(await gql(`mutation { createChatPost(input: { channel: "${general}", body: "from B" }) { result { id } } }`)), 'channel_not_found');
  t.is(code(await gql(`mutation { pinChatPost(input: { post: "${root.id}" }) { result { id pinned } } }`)), 'post_not_found');
  t.is(code(await gql(`mutation { hideChatPost(input: { post: "${root.id}", reason: "x" }) { result { id } } }`)), 'post_not_found');
  t.is(code(await gql(`mutation { addChatReaction(input: { post: "${root.id}", emoji: "👍" }) { result { postId } } }`)), 'post_not_found');
  t.is(code(await gql(`mutation { resolveHelpRequest(input: { id: "${claimed.id}" }) { result { id status } } }`)), 'request_not_found');
  // Nothing of A's changed: the root is still pinned with its reactions, the request still claimed.
  const view = await read(owner, 'showChatChannel', { channel: rocketChat });
  t.like(view.pinned.find((p: any) => p.id === root.id), { pinned: true, hidden: false, reactions: [{ emoji: '👍', count: 2 }, { emoji: '🎉', count: 1 }] });
  t.like(await read(ada, 'showHelpRequest', { id: claimed.id }), { status: 'claimed' });
  t.deepEqual((await s.db.pool.query(`select count(*)::int as n from app.chat_posts where body = 'from B'`)).rows[0].n, 0);
});
