// Who reads what inside one workspace: the within-workspace twin of
// the cross-tenant tests. Every role of the workspace and the event asks for every readable
// kind of team Rocket's event data, and the answer matches one expected-access table: the
// same table stands in docs/SECURITY.md ("Who reads each file kind, repository and
// directory field"). A cell is read (true) or refused (false); a refusal is a 4xx that
// shows nothing of the thing (a not-found or a role refusal), never a 200.
//
// Also the standing tests of finding 1: a guest, a member off the roster and a participant
// removed from the roster read no team's evidence archive, over REST (info and content)
// and GraphQL (fileInfo), while the team's participant and organizers do.
import test from 'ava';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { createBlobStore } from '../../core/storage/index.ts';
import { cloneUrl, git, ownRepository, tempDir } from '../helpers/codehost.ts';
import { assignRepository } from '../helpers/event.ts';
import { publish } from '../helpers/deck.ts';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { sessionCookie } from '../helpers/session.ts';
import { openVote, submit, voteFixture, type VoteFixture } from '../helpers/vote.ts';

const ROLES = ['owner', 'admin', 'member', 'guest', 'organizer', 'participantA', 'participantB', 'removed', 'juror', 'advisor'] as const;
type Role = (typeof ROLES)[number];
const KINDS = ['deckFile', 'archive', 'repository', 'deck', 'ballot', 'ballotList', 'post', 'request', 'receipts', 'twoFactor', 'defaultWorkspace', 'outbox'] as const;
type Kind = (typeof KINDS)[number];

// The rule, one row per kind, one column per role (the table of docs/SECURITY.md).
// Team A is Rocket: the archive, repository, post (team chat), request and receipts are
// Rocket's; the deck and its file are the workspace owner's; the ballot is A's participant's.
//                         owner  admin  member guest  organizer partA  partB  removed juror  advisor
const EXPECTED: Record<Kind, boolean[]> = {
  deckFile:   /* deck */  [true,  true,  false, false, false,    false, false, false,  false, false],
  archive:                [true,  true,  false, false, true,     true,  false, false,  false, false],
  repository:             [true,  true,  false, false, true,     true,  false, false,  false, true],
  deck:                   [true,  true,  false, false, false,    false, false, false,  false, false],
  ballot:     /* ranking */[false, false, false, false, false,   true,  false, false,  false, false],
  ballotList: /* no rank */[true,  true,  false, false, true,    false, false, false,  false, false],
  post:                   [true,  true,  false, false, true,     true,  false, false,  false, true],
  request:                [true,  true,  false, false, true,     true,  false, false,  false, true],
  receipts:               [true,  true,  false, false, true,     true,  false, false,  false, false],
  // The directory fields of A's participant (GraphQL): two-factor state, default workspace.
  twoFactor:              [true,  false, false, false, false,    true,  false, false,  false, false],
  defaultWorkspace:       [false, false, false, false, false,    true,  false, false,  false, false],
  // The mail outbox (/operator/mail and a mail's page, in a browser session): an instance
  // operator's power, which no workspace or event role gives.
  outbox:                 [false, false, false, false, false,    false, false, false,  false, false],
};

const EMAIL: Record<Role, string> = {
  owner: 'owner@sweep.test', admin: 'adm@sweep.test', member: 'mem@sweep.test', guest: 'gus@sweep.test',
  organizer: 'org@sweep.test', participantA: 'pa@sweep.test', participantB: 'pb@sweep.test', removed: 'rem@sweep.test',
  juror: 'jur@sweep.test', advisor: 'adv@sweep.test',
};
const LOGIN: Partial<Record<Role, string>> = { participantA: 'pa-gh', removed: 'rem-gh', advisor: 'adv-gh', participantB: 'pb-gh' };

let s: TestServer;
let fx: VoteFixture;
const hck = {} as Record<Role, string>;
const dk = {} as Record<Role, string>;
let archiveId: string, deckId: string, deckFileId: string, channelId: string, requestId: string, ballotId: string;
let archiveBytes: Buffer;
let mailId: string;
const OUTBOX_TO = 'stranger@elsewhere.test';
const cookies = {} as Record<Role, string>;

/** A browser session of `role`, made once (A's participant has two-factor on). */
async function sessionOf(role: Role): Promise<string> {
  return (cookies[role] ??= await sessionCookie(s.db.pool, EMAIL[role]));
}

test.before(async () => {
  s = await startTestServer();
  fx = await voteFixture(s.db.pool, 'Sweep', {
    teams: { Rocket: [EMAIL.participantA, EMAIL.removed], Comet: [EMAIL.participantB] },
    others: [{ email: EMAIL.organizer, role: 'organizer' }, { email: EMAIL.juror, role: 'jury' }, { email: EMAIL.advisor, role: 'advisor' }],
    ready: ['Comet'],
  });
  await seed.member(s.db.pool, fx.wsId, EMAIL.admin, 'admin', 'adm');
  await seed.member(s.db.pool, fx.wsId, EMAIL.member, 'member', 'mem');
  await seed.member(s.db.pool, fx.wsId, EMAIL.guest, 'guest', 'gus');
  for (const role of ROLES) {
    hck[role] = (await seed.key(s.db.pool, EMAIL[role], 'hackathon', { workspaceId: fx.wsId })).key;
    dk[role] = (await seed.key(s.db.pool, EMAIL[role], 'deck', { workspaceId: fx.wsId })).key;
  }
  const rocket = fx.teams.Rocket!;
  await s.db.pool.query('update app.users set two_factor_enabled = true, default_workspace_id = $2 where id = $1', [fx.users[EMAIL.participantA], fx.wsId]);
  await fx.at(2); // building: the team works

  // Rocket's repository on the local code host; A's participant, the one removed later and the
  // advisor accept their invitations (the advisor at read).
  const g = await http(s.url, 'PUT', '/api/v1/event/github', { key: hck.owner, body: { organization: 'acme', template: 'acme/template' } });
  if (g.status !== 200) throw new Error(g.text);
  for (const role of Object.keys(LOGIN) as Role[]) {
    await s.db.pool.query('update app.roster_entries set github_login = $2 where lower(email) = $1', [EMAIL[role], LOGIN[role]]);
  }
  const host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  await ownRepository(s.db.pool, fx.eventId, 'acme/rocket');
  await host.createEmpty('acme/rocket', 'main');
  await assignRepository(s.db.pool, rocket, 'acme/rocket'); // as provisioning does: the team's repository (access follows it)
  for (const [role, perm] of [['participantA', 'maintain'], ['removed', 'maintain'], ['advisor', 'read']] as const) {
    await host.invite('acme/rocket', LOGIN[role]!, perm);
    const a = await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: hck[role], body: { repository: 'acme/rocket' } });
    if (a.status !== 200) throw new Error(`${role} accepts: ${a.text}`);
  }

  // A post in Rocket's team chat and a help request of Rocket, by A's participant.
  channelId = (await s.db.pool.query(`select id from app.chat_channels where kind = 'team' and team_id = $1`, [rocket])).rows[0].id;
  const p = await http(s.url, 'POST', `/api/v1/event/chats/${channelId}/posts`, { key: hck.participantA, body: { body: 'our plan' } });
  if (p.status !== 201) throw new Error(`post: ${p.text}`);
  const r = await http(s.url, 'POST', '/api/v1/event/requests', { key: hck.participantA, body: { title: 'Help', body: 'please' } });
  if (r.status !== 201) throw new Error(`request: ${r.text}`);
  requestId = r.body.id;

  // The owner's deck with a file.
  const pushed = await publish(s.url, dk.owner, { 'index.html': '<h1>Owner deck</h1>', 'downloads/notes.txt': 'notes' });
  if (pushed.status !== 201) throw new Error(JSON.stringify(pushed.body));
  deckId = pushed.body.presentation.id;
  const files = await http(s.url, 'GET', `/api/v1/presentations/${deckId}/files`, { key: dk.owner });
  deckFileId = files.body.items.find((f: { path: string }) => f.path === 'downloads/notes.txt').fileId;

  // The roster import that drops the removed participant.
  const keep = [
    { email: EMAIL.participantA, team: 'Rocket' }, { email: EMAIL.participantB, team: 'Comet' },
    { email: EMAIL.organizer, role: 'organizer' }, { email: EMAIL.juror, role: 'jury' }, { email: EMAIL.advisor, role: 'advisor' },
  ];
  await fx.call('owner', 'app.import_roster($1)', [JSON.stringify(keep)]);

  // Rocket's frozen evidence archive, as the capture job records it (bytes in blob storage).
  archiveBytes = Buffer.from('the evidence of team Rocket\n'.repeat(100));
  const sha = createHash('sha256').update(archiveBytes).digest('hex');
  const store = createBlobStore(s.config);
  await store.put(sha, archiveBytes.length, Readable.from([archiveBytes]));
  store.close();
  await s.db.pool.query(
    `insert into app.submissions (project_id, event_id, state, sha, source, archive_sha256, archive_size, frozen_at) values ($1, $2, 'frozen', $3, 'push', $4, $5, now())`,
    [rocket, fx.eventId, 'cd'.repeat(20), sha, archiveBytes.length]);
  archiveId = (await http(s.url, 'GET', `/api/v1/submissions/${rocket}`, { key: hck.owner })).body.frozen.archive.fileId;

  // The vote: A's participant submits a ballot.
  const version = await openVote(fx);
  const ballot = await submit(fx, EMAIL.participantA, ['Comet'], version);
  ballotId = ballot.id;
  if (!ballotId) throw new Error(`no ballot id: ${JSON.stringify(ballot)}`);

  // A sign-in code kept in the outbox (the default driver), to an address none of the roles has.
  mailId = String((await s.db.pool.query(`select app_private.mail_outbox_store($1, 'Your Podium sign-in code', 'Your code is:\n\n    123456\n') as id`, [OUTBOX_TO])).rows[0].id);
});
test.after.always(() => s?.close());

const ok = (status: number) => status === 200;

/** Whether `role` reads `kind`: one probe per kind, over the wire the tools use. */
async function reads(role: Role, kind: Kind): Promise<boolean> {
  const get = (path: string, key: string) => http(s.url, 'GET', path, { key });
  switch (kind) {
    case 'deckFile':
      return ok((await get(`/api/v1/files/${deckFileId}`, dk[role])).status);
    case 'archive': {
      const info = ok((await get(`/api/v1/files/${archiveId}`, hck[role])).status);
      const content = ok((await get(`/api/v1/files/${archiveId}/content`, hck[role])).status);
      if (info !== content) throw new Error(`${role}: file info ${info}, content ${content}`);
      return info;
    }
    case 'repository': {
      const dir = tempDir();
      return git(dir, ['clone', '-q', cloneUrl(s.url, 'acme/rocket', LOGIN[role] ?? role, hck[role]), 'w']).then(() => true, () => false);
    }
    case 'deck':
      return ok((await get(`/api/v1/presentations/${deckId}`, dk[role])).status);
    case 'ballot': {
      // A's ranking: the own-ballot route answers it to the voter only, and GraphQL lists it to nobody else.
      const own = await get('/api/v1/community/ballot', hck[role]);
      const mine = ok(own.status) && own.body.id === ballotId && JSON.stringify(own.body.submission).includes(fx.teams.Comet!);
      const gql = await http(s.url, 'POST', '/graphql', { key: hck[role], body: { query: '{ allVoteBallots { nodes { id ranking } } }' } });
      if (gql.status !== 200 || gql.body.errors) throw new Error(`allVoteBallots: ${gql.text}`);
      const listed = JSON.stringify(gql.body).includes(ballotId);
      return mine || listed;
    }
    case 'ballotList': {
      const r = await get('/api/v1/community/ballots', hck[role]);
      if (ok(r.status) && JSON.stringify(r.body).includes(fx.teams.Comet!)) throw new Error('the organizers\' list carries no ranking');
      return ok(r.status) && JSON.stringify(r.body).includes(fx.users[EMAIL.participantA]!) || (ok(r.status) && JSON.stringify(r.body).includes(ballotId));
    }
    case 'post': {
      const r = await get(`/api/v1/event/chats/${channelId}/posts`, hck[role]);
      return ok(r.status) && r.text.includes('our plan');
    }
    case 'request':
      return ok((await get(`/api/v1/event/requests/${requestId}`, hck[role])).status);
    case 'receipts':
      return ok((await get(`/api/v1/submissions/${fx.teams.Rocket}`, hck[role])).status);
    case 'twoFactor':
    case 'defaultWorkspace': {
      const pa = fx.users[EMAIL.participantA]!;
      const gql = async (query: string) => (await http(s.url, 'POST', '/graphql', { key: hck[role], body: { query } })).body;
      const field = kind === 'twoFactor' ? 'twoFactorEnabled' : 'defaultWorkspaceId';
      const direct = await gql(`{ allUsers { nodes { id ${field} } } }`);
      if (direct.data?.allUsers.nodes.some((n: { id: string }) => n.id === pa)) return true;
      if (kind === 'twoFactor') {
        const listed = await gql('{ memberTwoFactor { userId email name twoFactorEnabled } }');
        return (listed.data?.memberTwoFactor ?? []).some((x: { userId: string; twoFactorEnabled: boolean }) => x.userId === pa && x.twoFactorEnabled === true);
      }
      const mine = await gql('{ myWorkspaces { id isDefault } }');
      return role === 'participantA' ? (mine.data?.myWorkspaces ?? []).some((w: { id: string; isDefault: boolean }) => w.id === fx.wsId && w.isDefault) : false;
    }
    case 'outbox': {
      const cookie = await sessionOf(role);
      const list = await http(s.url, 'GET', '/operator/mail', { cookie });
      const one = await http(s.url, 'GET', `/operator/mail/${mailId}`, { cookie });
      for (const r of [list, one]) {
        if (r.status !== 200 && (r.status !== 403 || r.text.includes(OUTBOX_TO) || r.text.includes('123456'))) throw new Error(`${role}: ${r.status} ${r.text}`);
      }
      return ok(list.status) && list.text.includes(OUTBOX_TO) && ok(one.status) && one.text.includes('123456');
    }
  }
}

for (const kind of KINDS) {
  test.serial(`who reads ${kind}`, async (t) => {
    const actual: Record<string, boolean> = {};
    const expected: Record<string, boolean> = {};
    for (const [i, role] of ROLES.entries()) {
      actual[role] = await reads(role, kind);
      expected[role] = EXPECTED[kind][i]!;
    }
    if (kind === 'repository') {
      t.is(actual.removed, false, 'a participant removed from the roster clones nothing (000125: roster removal revokes the repository)');
    }
    t.deepEqual(actual, expected);
  });
}

test.serial('finding 1: a guest, a member off the roster and a removed participant read no archive over REST or GraphQL', async (t) => {
  for (const role of ['guest', 'member', 'removed'] as const) {
    for (const path of [`/api/v1/files/${archiveId}`, `/api/v1/files/${archiveId}/content`]) {
      const r = await http(s.url, 'GET', path, { key: hck[role] });
      t.is(r.status, 404, `${role} ${path}`);
      t.is(r.body.error.code, 'file_not_found');
      t.false(r.text.includes('the evidence of team Rocket'));
    }
    const g = await http(s.url, 'POST', '/graphql', { key: hck[role], body: { query: `{ fileInfo(file: "${archiveId}") { id kind source { projectId deckId } } }` } });
    t.is(g.body.data?.fileInfo ?? null, null, role);
    t.is(g.body.errors?.[0]?.extensions?.code, 'file_not_found', role);
    // The artifact route answered the same key not_on_roster all along: the two agree now.
    const artifact = await http(s.url, 'GET', `/api/v1/submissions/${fx.teams.Rocket}/artifact`, { key: hck[role] });
    t.true(artifact.status === 403 || artifact.status === 404, `${role} artifact ${artifact.status}`);
  }
  for (const role of ['participantA', 'organizer', 'owner'] as const) {
    const g = await http(s.url, 'POST', '/graphql', { key: hck[role], body: { query: `{ fileInfo(file: "${archiveId}") { id kind source { projectId deckId } } }` } });
    t.is(g.body.data.fileInfo.id, archiveId, role);
    t.deepEqual(g.body.data.fileInfo.source, { projectId: fx.teams.Rocket, deckId: null }, role);
    const content = await http(s.url, 'GET', `/api/v1/files/${archiveId}/content`, { key: hck[role] });
    t.is(content.text, archiveBytes.toString(), role);
  }
});

test.serial('the outbox answers an instance operator only: given on purpose (podium operator add), taken away, never by owning the workspace', async (t) => {
  const owner = await sessionOf('owner');
  t.is((await http(s.url, 'GET', '/operator/mail', { cookie: owner })).status, 403, 'the workspace owner is no operator');
  await s.db.pool.query(`select app_private.operator_add($1, 'test')`, [EMAIL.owner]);
  const list = await http(s.url, 'GET', '/operator/mail', { cookie: owner });
  t.is(list.status, 200);
  t.true(list.text.includes(OUTBOX_TO));
  t.false(list.text.includes('123456'), 'the list shows no code');
  t.true((await http(s.url, 'GET', `/operator/mail/${mailId}`, { cookie: owner })).text.includes('123456'));
  // Still nobody else, and an operator's key is not a browser session.
  t.is((await http(s.url, 'GET', '/operator/mail', { cookie: await sessionOf('admin') })).status, 403);
  t.not((await http(s.url, 'GET', '/operator/mail', { key: dk.owner })).status, 200);
  await s.db.pool.query(`select app_private.operator_remove($1)`, [EMAIL.owner]);
  t.is((await http(s.url, 'GET', `/operator/mail/${mailId}`, { cookie: owner })).status, 403, 'removed: refused at the next request');
});
