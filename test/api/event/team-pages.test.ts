// Showcase and the three deck links: the who-rules of decks link (participant own team only,
// organizer names the team, jury and advisors refused), showcase limits (24/140/4000, plain
// text), share-link shape and allowed hosts, vote_link_frozen after voting opened, and whose
// deck a link of this instance may open (a team's own decks, its own origin).
import test from 'ava';
import { createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { liveDeck } from '../../helpers/vote.ts';

const HOST = 'decks.podium.test';
let s: TestServer;
let ws: { id: string };
let owner: Person, ann: Person, bob: Person, cat: Person, jury: Person, adv: Person, rosterOrg: Person;
let rocketId: string;
test.before(async () => {
  s = await startTestServer({ env: { ALLOWED_DECK_LINK_HOSTS: `${HOST}, Other.podium.test:8443` } });
  const w = await eventWorkspace(s.db.pool, 'Pages');
  ws = w.ws;
  owner = w.owner;
  await createEvent(s.url, owner.key, Date.now() + HOUR);
  ann = await person(s.db.pool, ws.id, 'ann@x.test');
  bob = await person(s.db.pool, ws.id, 'bob@x.test');
  cat = await person(s.db.pool, ws.id, 'cat@x.test');
  jury = await person(s.db.pool, ws.id, 'jury@x.test');
  adv = await person(s.db.pool, ws.id, 'adv@x.test');
  rosterOrg = await person(s.db.pool, ws.id, 'org@x.test');
  await importRoster(s.url, owner.key, [
    { email: ann.email, team: 'Rocket' }, { email: cat.email, team: 'Rocket' }, { email: bob.email, team: 'Comet' },
    { email: jury.email, role: 'jury' }, { email: adv.email, role: 'advisor' }, { email: rosterOrg.email, role: 'organizer' },
  ]);
  rocketId = (await s.db.pool.query(`select id from app.projects where name = 'Rocket'`)).rows[0].id;
});
test.after.always(() => s?.close());

const showcase = (key: string, body: Record<string, unknown>) => http(s.url, 'PATCH', '/api/v1/event/showcase', { key, body });
const links = (key: string, body: Record<string, unknown>) => http(s.url, 'PATCH', '/api/v1/event/deck-links', { key, body });
const shown = async (p: Person) => (await http(s.url, 'GET', '/api/v1/event/deck-links', { key: p.key })).body;
const link = (token: string, host = HOST) => `https://${host}/v/${token}/`;
/** A live share link of this (http) instance on a fresh deck of the workspace given (the owner's by default). */
const live = async (wsId = ws.id, ownerId = owner.userId) => {
  const d = await liveDeck(s.db.pool, wsId, ownerId, 'x.invalid');
  return { ...d, url: d.url.replace('https://x.invalid', s.url) };
};
/** A live share link of this instance on a fresh deck the person owns. */
const deckOf = (p: Person) => live(ws.id, p.userId);

test.serial('a participant acts on their own team without naming it; naming another team is not_your_team', async (t) => {
  const r = await showcase(ann.key, { product: 'Rocketeer', tagline: 'To the moon' });
  t.is(r.status, 200);
  t.deepEqual(r.body, { team: { id: rocketId, name: 'Rocket' }, product: 'Rocketeer', tagline: 'To the moon', description: null });
  t.is((await showcase(ann.key, { team: 'rocket', description: 'own team by name' })).status, 200);
  const other = await showcase(ann.key, { team: 'Comet', product: 'Hijack' });
  t.is(other.status, 403);
  t.is(other.body.error.code, 'not_your_team');
  const unknown = await http(s.url, 'GET', '/api/v1/event/deck-links?team=Nowhere', { key: ann.key });
  t.is(unknown.body.error.code, 'not_your_team', 'a participant learns nothing about other team names');
  const read = await http(s.url, 'GET', '/api/v1/event/showcase', { key: ann.key });
  t.like(read.body, { product: 'Rocketeer', description: 'own team by name' });
});

test.serial('an organizer names the team by name or id; without one and on no team it is team_required; unknown is team_not_found', async (t) => {
  const byName = await showcase(owner.key, { team: 'COMET', product: 'Cometary' });
  t.is(byName.status, 200);
  t.is(byName.body.team.name, 'Comet');
  const byId = await http(s.url, 'GET', `/api/v1/event/showcase?team=${rocketId}`, { key: rosterOrg.key });
  t.is(byId.body.team.name, 'Rocket');
  const none = await links(owner.key, { demo: link('abc') });
  t.is(none.status, 400);
  t.is(none.body.error.code, 'team_required');
  const unknown = await http(s.url, 'GET', '/api/v1/event/deck-links?team=Nowhere', { key: owner.key });
  t.is(unknown.status, 404);
  t.is(unknown.body.error.code, 'team_not_found');
});

test.serial('jury viewers and advisors are refused on showcase and deck links, reading and writing', async (t) => {
  for (const p of [jury, adv]) {
    for (const r of [
      await http(s.url, 'GET', '/api/v1/event/showcase?team=Rocket', { key: p.key }),
      await http(s.url, 'GET', '/api/v1/event/deck-links?team=Rocket', { key: p.key }),
      await links(p.key, { team: 'Rocket', demo: link('x') }),
      await showcase(p.key, { team: 'Rocket', product: 'x' }),
    ]) {
      t.is(r.status, 403);
      t.is(r.body.error.code, 'insufficient_event_role');
    }
  }
});

test.serial('showcase limits: product 24, tagline 140, description 4000 characters, plain text', async (t) => {
  t.is((await showcase(bob.key, { product: 'p'.repeat(24), tagline: 't'.repeat(140), description: 'd'.repeat(4000) })).status, 200);
  for (const [field, value] of [['product', 'p'.repeat(25)], ['tagline', 't'.repeat(141)], ['description', 'd'.repeat(4001)]] as const) {
    const r = await showcase(bob.key, { [field]: value });
    t.is(r.status, 400, field);
    t.is(r.body.error.field, field);
  }
  t.is((await showcase(bob.key, { product: 'two\nlines' })).body.error.field, 'product');
  t.is((await showcase(bob.key, { tagline: 'bell\u0007' })).body.error.field, 'tagline');
  t.is((await showcase(bob.key, { description: 'nul-ish \u0001' })).body.error.field, 'description');
  const multi = await showcase(bob.key, { description: 'line one\r\nline two\n\ttabbed' });
  t.is(multi.body.description, 'line one\nline two\n\ttabbed', 'newlines kept, CRLF folded');
  t.is((await showcase(bob.key, { colour: 'red' })).body.error.field, 'colour');
});

test.serial('showcase: a field left out keeps its value; null or an empty string clears it', async (t) => {
  await showcase(bob.key, { product: 'Keep', tagline: 'Drop me', description: 'Also drop' });
  const r = await showcase(bob.key, { tagline: null, description: '' });
  t.like(r.body, { product: 'Keep', tagline: null, description: null });
});

test.serial('deck links: https share links /v/<token>/ on allowed hosts; null clears; a flag alone keeps the others', async (t) => {
  const vote3 = (await deckOf(ann)).url;
  const r = await links(ann.key, { demo: link('demo_1'), pitch: link('Pitch-2', 'other.podium.test:8443'), vote: vote3 });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body, { team: { id: rocketId, name: 'Rocket' }, demo: link('demo_1'), pitch: link('Pitch-2', 'other.podium.test:8443'), vote: vote3 });
  const only = await links(ann.key, { pitch: null });
  t.deepEqual([only.body.demo, only.body.pitch, only.body.vote], [link('demo_1'), null, vote3]);
  const shown = await http(s.url, 'GET', '/api/v1/event/deck-links', { key: ann.key });
  t.deepEqual(shown.body, only.body);
  const bad = [
    `http://${HOST}/v/abc/`, `https://${HOST}/v/abc`, `https://${HOST}/x/abc/`, `https://${HOST}/v/abc/?p=1`,
    `https://${HOST}/v/abc/#f`, `https://user:pw@${HOST}/v/abc/`, `https://${HOST}/v/a/b/`, 'not a url',
  ];
  for (const url of bad) {
    const x = await links(ann.key, { demo: url });
    t.is(x.status, 400, url);
    t.is(x.body.error.code, 'invalid_deck_link', url);
    t.is(x.body.error.field, 'demo');
  }
  const host = await links(ann.key, { vote: link('abc', 'evil.test') });
  t.is(host.status, 400);
  t.is(host.body.error.code, 'invalid_deck_link');
  t.is(host.body.error.field, 'vote');
  t.is((await http(s.url, 'GET', '/api/v1/event/deck-links', { key: ann.key })).body.vote, vote3, 'refusals change nothing');
});

test.serial('deck links work whatever the vote section says', async (t) => {
  t.is((await http(s.url, 'GET', '/api/v1/event', { key: owner.key })).body.voteSection, 'off');
  t.is((await links(bob.key, { demo: link('while-off') })).status, 200);
});

test.serial('after voting opened a participant\'s vote link is vote_link_frozen; other links and organizers may still change', async (t) => {
  // The community vote issue sets this column; here it stands in for an opened vote.
  await s.db.pool.query('update app.events set voting_opened_at = app.now() where workspace_id = $1', [ws.id]);
  try {
    const frozen = await links(ann.key, { vote: `${s.url}/v/late/` });
    t.is(frozen.status, 409);
    t.is(frozen.body.error.code, 'vote_link_frozen');
    t.is((await links(ann.key, { vote: null })).body.error.code, 'vote_link_frozen', 'clearing is a change too');
    t.is((await links(ann.key, { demo: link('still-ok') })).status, 200);
    const replaced = (await live()).url;
    const byOrganizer = await links(owner.key, { team: 'Rocket', vote: replaced });
    t.is(byOrganizer.status, 200, byOrganizer.text);
    t.is(byOrganizer.body.vote, replaced);
  } finally {
    await s.db.pool.query('update app.events set voting_opened_at = null where workspace_id = $1', [ws.id]);
  }
});

test.serial('a team whose project is archived is read-only here too', async (t) => {
  await s.db.pool.query(`update app.projects set archived_at = now() where id = $1`, [rocketId]);
  try {
    const r = await showcase(ann.key, { product: 'Nope' });
    t.is(r.status, 409);
    t.is(r.body.error.code, 'project_archived');
    t.is((await http(s.url, 'GET', '/api/v1/event/showcase', { key: ann.key })).status, 200);
  } finally {
    await s.db.pool.query(`update app.projects set archived_at = null where id = $1`, [rocketId]);
  }
});

test.serial('over GraphQL no deck-link host is allowed (the hosts come from the API), so setting a link fails closed', async (t) => {
  const gql = (patch: string) => http(s.url, 'POST', '/graphql', {
    key: bob.key,
    body: { query: `mutation { setTeamDeckLinks(input: { team: null, patch: ${patch} }) { result { team { id name } demo pitch vote } } }` },
  });
  const set = await gql(`{ demo: "${link('gql')}" }`);
  t.is(set.body.data.setTeamDeckLinks, null);
  t.truthy(set.body.errors);
  // The same path works for a change that needs no host: the host check is what refused.
  const clear = await gql('{ demo: null }');
  t.is(clear.body.data.setTeamDeckLinks.result.demo, null, clear.text);
  // A rival's deck (Rocket's, taken by Comet's participant) is refused there too, and nothing is written.
  const rivals = await deckOf(ann);
  for (const field of ['vote', 'pitch']) {
    const r = await gql(`{ ${field}: "${rivals.url}" }`);
    t.is(r.body.data.setTeamDeckLinks, null, field);
    t.is(r.body.errors?.[0]?.extensions?.code, 'invalid_deck_link', `${field}: no origin is known over GraphQL: ${r.text}`);
  }
  t.like(await shown(bob), { pitch: null, vote: null });
});

test('without ALLOWED_DECK_LINK_HOSTS only share links on the instance\'s own origin are allowed, never https to an http instance (F6)', async (t) => {
  const own = await startTestServer({ db: s.db });
  try {
    const { host, hostname, origin } = new URL(own.url);
    const set = (body: Record<string, unknown>) => http(own.url, 'PATCH', '/api/v1/event/deck-links', { key: bob.key, body });
    const mine = (await deckOf(bob)).url.replace(s.url, own.url);
    const ok = await set({ pitch: mine });
    t.is(ok.status, 200, ok.text);
    t.is(ok.body.pitch, mine);
    const token = new URL(mine).pathname;
    for (const field of ['demo', 'pitch', 'vote']) {
      for (const dead of [`https://${host}${token}`, `https://${hostname}${token}`]) {
        const r = await set({ [field]: dead });
        t.is(r.status, 400, `${field} ${dead}`);
        t.like(r.body.error, { code: 'invalid_deck_link', field, ownOrigin: origin }, `${field} ${dead}`);
        t.true(r.body.error.message.includes(`${origin}/v/<token>/`), `${field} ${dead}: the message names the expected form: ${r.body.error.message}`);
      }
    }
    const other = await set({ pitch: link('mine') });
    t.like(other.body.error, { code: 'invalid_deck_link', allowedHosts: [] }, 'no other host unless configured');
    t.is((await http(own.url, 'GET', '/api/v1/event/deck-links', { key: bob.key })).body.pitch, mine, 'refusals change nothing');
  } finally {
    await own.close();
  }
});

test.serial('team members: a participant reads their own team only, an organizer any team, jury and advisors refused, another workspace nothing', async (t) => {
  const own = await http(s.url, 'GET', '/api/v1/event/team-members', { key: ann.key });
  t.is(own.status, 200, own.text);
  t.deepEqual(own.body, { team: { id: rocketId, name: 'Rocket' }, members: [ann, cat].map((p) => ({ name: null, email: p.email, signedIn: false })) });
  const other = await http(s.url, 'GET', '/api/v1/event/team-members?team=Comet', { key: ann.key });
  t.is(other.status, 403);
  t.is(other.body.error.code, 'not_your_team');
  const byOrganizer = await http(s.url, 'GET', '/api/v1/event/team-members?team=comet', { key: owner.key });
  t.is(byOrganizer.status, 200);
  t.deepEqual(byOrganizer.body.members.map((m: { email: string }) => m.email), [bob.email]);
  for (const p of [jury, adv]) {
    const r = await http(s.url, 'GET', `/api/v1/event/team-members?team=${rocketId}`, { key: p.key });
    t.is(r.status, 403);
    t.is(r.body.error.code, 'insufficient_event_role');
  }
  const stranger = await eventWorkspace(s.db.pool, 'Elsewhere');
  const r = await http(s.url, 'GET', `/api/v1/event/team-members?team=${rocketId}`, { key: stranger.owner.key });
  t.is(r.status, 404);
  t.is(r.body.error.code, 'event_not_configured');
  const gql = await http(s.url, 'POST', '/graphql', { key: stranger.owner.key, body: { query: `{ teamRoster(team: "${rocketId}") { team { id name } members { email } } }` } });
  t.is(gql.body.errors?.[0]?.extensions?.code, 'event_not_configured', gql.text);
});

test.serial('vote link on an http install: a live share link of this instance is taken as is, and eligibility finds the candidate', async (t) => {
  const mine = await deckOf(ann);
  t.true(mine.url.startsWith('http://'), 'the test server is an http install');
  const r = await links(ann.key, { vote: mine.url });
  t.is(r.status, 200, r.text);
  t.is(r.body.vote, mine.url);
  const own = new URL(s.url);
  const otherPort = await links(ann.key, { vote: `http://${own.hostname}:${Number(own.port) + 1}/v/x/` });
  t.like(otherPort.body.error, { code: 'invalid_deck_link', field: 'vote', ownOrigin: own.origin }, 'http only on the instance\'s own origin');
  t.like((await links(ann.key, { vote: link('abc') })).body.error, { code: 'invalid_deck_link', field: 'vote' },
    'an allowed host that is not this instance is no vote link');
  // F6: the same share link under https names the instance's host and port but no server answers there.
  const https = await links(ann.key, { vote: mine.url.replace('http://', 'https://') });
  t.is(https.status, 400, https.text);
  t.like(https.body.error, { code: 'invalid_deck_link', field: 'vote', ownOrigin: own.origin });
  t.is(https.body.error.message, `vote: a link to this instance must be ${own.origin}/v/<token>/`);
  t.is((await shown(ann)).vote, mine.url, 'the refused https link wrote nothing');
  t.is((await http(s.url, 'PUT', '/api/v1/event/vote', { key: owner.key, body: { on: true } })).status, 200);
  try {
    const e = await http(s.url, 'GET', '/api/v1/community/eligibility', { key: owner.key });
    t.is(e.status, 200, e.text);
    const rocket = e.body.candidates.find((c: { name: string }) => c.name === 'Rocket');
    t.truthy(rocket, 'Rocket is a vote candidate');
    t.notRegex(rocket.readiness, /vote link/, rocket.readiness);
  } finally {
    await http(s.url, 'PUT', '/api/v1/event/vote', { key: owner.key, body: { on: false } });
  }
});

test.serial('vote link refusals: dead token, revoked link, deleted deck (deck_link_not_live); another workspace\'s deck; another team\'s vote deck (deck_link_taken); nothing written', async (t) => {
  const kept = (await deckOf(ann)).url;
  t.is((await links(ann.key, { vote: kept })).status, 200);
  const refused = async (url: string, code: string, status: number, why: string, who = ann) => {
    const r = await links(who.key, { vote: url });
    t.is(r.status, status, `${why}: ${r.text}`);
    t.is(r.body.error?.code, code, why);
    t.is(r.body.error?.field, 'vote', why);
  };
  await refused(`${s.url}/v/NoSuchToken_123/`, 'deck_link_not_live', 400, 'unknown token');
  const revoked = await deckOf(ann);
  await s.db.pool.query('update app.share_links set revoked_at = now() where id = $1', [revoked.linkId]);
  await refused(revoked.url, 'deck_link_not_live', 400, 'revoked link');
  const expired = await deckOf(ann);
  await s.db.pool.query(`update app.share_links set expires_at = now() - interval '1 minute' where id = $1`, [expired.linkId]);
  await refused(expired.url, 'deck_link_not_live', 400, 'expired link');
  const deleted = await deckOf(ann);
  await s.db.pool.query('update app.decks set deleted_at = now() where id = $1', [deleted.deckId]);
  await refused(deleted.url, 'deck_link_not_live', 400, 'deleted deck');

  const other = await eventWorkspace(s.db.pool, 'Faraway');
  const foreign = await live(other.ws.id, other.owner.userId);
  await refused(foreign.url, 'deck_link_other_workspace', 400, 'another workspace\'s live share link');
  const annElsewhere = await live(other.ws.id, ann.userId);
  await refused(annElsewhere.url, 'deck_link_other_workspace', 400, 'her own deck in another workspace');

  const comets = await deckOf(bob);
  t.is((await links(bob.key, { vote: comets.url })).status, 200, 'Comet links its own vote deck');
  await refused(comets.url, 'deck_link_not_yours', 403, 'the same link as another team\'s vote link: not Rocket\'s deck');
  t.is((await links(owner.key, { team: 'Rocket', vote: comets.url })).body.error?.code, 'deck_link_taken', 'an organizer cannot give one deck to two teams either');
  const generated = await live();
  const cometId = (await s.db.pool.query(`select id from app.projects where name = 'Comet'`)).rows[0].id;
  await s.db.pool.query(`insert into app_private.generated_deck_targets (project_id, kind, deck_id) values ($1, 'community', $2)`, [cometId, generated.deckId]);
  await refused(generated.url, 'deck_link_not_yours', 403, 'a deck generated for another team is not Rocket\'s');
  t.is((await links(owner.key, { team: 'Rocket', vote: generated.url })).body.error?.code, 'deck_link_taken', 'nor a deck generated for another team');
  // An organizer puts a Rocket member's deck up as Comet's: Rocket's participants cannot link it too.
  const placed = await deckOf(cat);
  t.is((await links(rosterOrg.key, { team: 'Comet', vote: placed.url })).status, 200, 'an organizer places a deck on Comet');
  await refused(placed.url, 'deck_link_taken', 409, 'the same link as another team\'s vote link');
  const second = await s.db.pool.query(`insert into app.share_links (deck_id, name) values ($1, 'again') returning id`, [placed.deckId]);
  await s.db.pool.query(`insert into app_private.share_link_secrets (link_id, token_hash) values ($1, sha256('AnotherLinkSameDeck'::bytea))`, [second.rows[0].id]);
  await refused(`${s.url}/v/AnotherLinkSameDeck/`, 'deck_link_taken', 409, 'another link to another team\'s vote deck');

  t.is((await shown(ann)).vote, kept, 'refusals change nothing');
  const ownGenerated = await links(bob.key, { vote: generated.url });
  t.is(ownGenerated.status, 200, `a team may link the deck generated for it: ${ownGenerated.text}`);
  t.is((await links(bob.key, { vote: null })).status, 200, 'Comet clears its vote link');
  t.is((await links(ann.key, { vote: comets.url })).body.error?.code, 'deck_link_not_yours', 'a deck no team links is still Comet\'s own');
  t.is((await links(ann.key, { vote: placed.url })).status, 200, 'a Rocket member\'s deck no other team links is free for Rocket');
});

test.serial('F2: a participant links only decks of their own team\'s members; the rival\'s own link still works; organizers place any deck of the workspace', async (t) => {
  await links(owner.key, { team: 'Rocket', demo: null, pitch: null, vote: null });
  await links(owner.key, { team: 'Comet', demo: null, pitch: null, vote: null });
  const before = await shown(ann);
  const rival = await deckOf(bob);
  const notYours = async (who: Person, body: Record<string, unknown>, why: string) => {
    const r = await links(who.key, body);
    t.is(r.status, 403, `${why}: ${r.text}`);
    t.is(r.body.error?.code, 'deck_link_not_yours', why);
    t.is(r.body.error?.field, Object.keys(body).find((k) => k !== 'team'), why);
    t.regex(r.body.error?.message ?? '', /opens a deck no member of your team owns/, why);
  };
  // The rival's deck, whichever link it is set as: refused, so Comet still links it afterwards.
  await notYours(ann, { vote: rival.url }, 'a rival team\'s deck as the vote link');
  await notYours(ann, { pitch: rival.url }, 'a rival team\'s deck as the presentation');
  await notYours(ann, { demo: rival.url }, 'a rival team\'s deck as the demo deck');
  const rivalsOwn = await links(bob.key, { vote: rival.url });
  t.is(rivalsOwn.status, 200, `the rival's own later link still works: ${rivalsOwn.text}`);
  // The workspace owner's private deck, to which a participant somehow holds a share link.
  const privateDeck = await live();
  await notYours(ann, { vote: privateDeck.url }, 'the owner\'s private deck');
  await notYours(bob, { pitch: privateDeck.url }, 'the owner\'s private deck as a presentation');
  t.deepEqual(await shown(ann), before, 'refusals change nothing');
  // A deck of another member of the same team.
  const teammates = await deckOf(cat);
  const own = await links(ann.key, { vote: teammates.url, pitch: (await deckOf(ann)).url });
  t.is(own.status, 200, `a deck owned by a member of the own team: ${own.text}`);
  t.is(own.body.vote, teammates.url);
  // An organizer places any deck of the workspace: the owner's own, a roster organizer's own.
  const placed = await links(owner.key, { team: 'Rocket', vote: privateDeck.url });
  t.is(placed.status, 200, `the owner places their deck on Rocket: ${placed.text}`);
  const orgDeck = await live(ws.id, rosterOrg.userId);
  const byRosterOrganizer = await links(rosterOrg.key, { team: 'Comet', demo: orgDeck.url });
  t.is(byRosterOrganizer.status, 200, `a roster organizer places a deck on Comet: ${byRosterOrganizer.text}`);
  // A participant changing another link keeps the organizer's placement.
  t.is((await links(ann.key, { demo: null })).body.vote, privateDeck.url, 'the placed vote link stays');
  await notYours(bob, { vote: teammates.url }, 'a Rocket member\'s deck is not Comet\'s');
});
