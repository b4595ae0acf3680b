// Each route declares its key scopes in its own config (`config: { keyScopes: [...] }`) and the
// server builds the fail-closed allowlist from the registered routes. The expected table below
// is the hand-kept list the declarations replaced: it records the move, and any
// change to what a key may call now shows up here as a diff to review.
import test from 'ava';
import { KEY_ALLOWLIST } from '../../api/auth/allowlist.ts';
import { http } from '../helpers/http.ts';
import { pageSignIn, person } from '../helpers/pages.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const EXPECTED: Record<string, readonly string[]> = {
  'GET /api/v1/me': ['*'],
  'DELETE /cli/auth/key': ['*'], // the presenting key revokes exactly itself, read-only keys too
  'POST /graphql': ['*'],
  'GET /graphql': ['*'], // answered 405 Allow: POST (queries over GET are off), not key_not_allowed
  'GET /api/v1/workspaces': ['*'],
  'PUT /api/v1/me/default-workspace': ['presentations:write', 'hackathon:write'],
  'POST /api/v1/invitations': ['presentations:write', 'hackathon:write'],
  'GET /api/v1/invitations': ['presentations:read', 'hackathon:read'],
  'DELETE /api/v1/invitations/:id': ['presentations:write', 'hackathon:write'],
  // deck service
  'POST /api/v1/blobs/precheck': ['presentations:write'],
  'PUT /api/v1/blobs/:sha256': ['presentations:write'],
  'POST /api/v1/presentations': ['presentations:write'],
  'POST /api/v1/presentations/:id/versions': ['presentations:write'],
  'GET /api/v1/presentations': ['presentations:read'],
  'GET /api/v1/presentations/:id': ['presentations:read'],
  'PATCH /api/v1/presentations/:id': ['presentations:write'],
  'DELETE /api/v1/presentations/:id': ['presentations:write'],
  'POST /api/v1/presentations/:id/duplicate': ['presentations:write'],
  'GET /api/v1/presentations/:id/versions': ['presentations:read'],
  'GET /api/v1/presentations/:id/files': ['presentations:read'],
  'PUT /api/v1/presentations/:id/notify': ['presentations:write'],
  'GET /files/:id/content': ['presentations:read'],
  'POST /api/v1/presentations/:id/share-links': ['presentations:write'],
  'POST /api/v1/presentations/:id/share-links/email': ['presentations:write'],
  'GET /api/v1/presentations/:id/share-links': ['presentations:read'],
  'DELETE /api/v1/share-links/:linkId': ['presentations:write'],
  'GET /api/v1/presentations/:id/views': ['presentations:read'],
  'GET /api/v1/presentations/:id/responses': ['presentations:read'],
  'GET /api/v1/presentations/:id/responses/:responseId': ['presentations:read'],
  'GET /api/v1/presentations/:id/collaborators': ['presentations:read'],
  'POST /api/v1/presentations/:id/collaborators': ['presentations:write'],
  'DELETE /api/v1/presentations/:id/collaborators/:collaboratorId': ['presentations:write'],
  'GET /api/v1/presentations/:id/annotations': ['presentations:read'],
  'POST /api/v1/presentations/:id/annotations': ['presentations:write'],
  'DELETE /api/v1/presentations/:id/annotations/:annotationId': ['presentations:write'],
  'GET /api/v1/export': ['data:export'],
  // the agent tool interface (each tool call is checked again as the REST requests it makes)
  'POST /api/v1/mcp': ['presentations:read', 'presentations:write', 'hackathon:read'],
  'GET /api/v1/mcp': ['presentations:read', 'presentations:write', 'hackathon:read'],
  'DELETE /api/v1/mcp': ['presentations:read', 'presentations:write', 'hackathon:read'],
  // hackathon event service
  'GET /bootstrap': ['hackathon:read'],
  'PUT /bootstrap/github': ['hackathon:write'],
  'GET /api/v1/event': ['hackathon:read'],
  'GET /api/v1/event/status': ['hackathon:read'],
  'GET /api/v1/event/health': ['hackathon:read'],
  'GET /api/v1/event/stream': ['hackathon:read'],
  'POST /api/v1/codehost/invitations/accept': ['hackathon:write'],
  'GET /api/v1/submissions': ['hackathon:read'],
  'GET /api/v1/submissions/failures': ['hackathon:read'],
  'POST /api/v1/submissions/reconcile': ['hackathon:write'],
  'GET /api/v1/submissions/:projectId': ['hackathon:read'],
  'GET /api/v1/submissions/:projectId/artifact': ['hackathon:read'],
  'POST /api/v1/submissions/:projectId/exception': ['hackathon:write'],
  'GET /api/v1/community/status': ['hackathon:read'],
  'GET /api/v1/community/eligibility': ['hackathon:read'],
  'PUT /api/v1/community/eligibility/lock': ['hackathon:write'],
  'DELETE /api/v1/community/eligibility/lock': ['hackathon:write'],
  'POST /api/v1/community/voting/open': ['hackathon:write'],
  'POST /api/v1/community/voting/close': ['hackathon:write'],
  'GET /api/v1/community/ballot': ['hackathon:read'],
  'PUT /api/v1/community/ballot/draft': ['hackathon:write'],
  'POST /api/v1/community/ballot/submission': ['hackathon:write'],
  'GET /api/v1/community/ballots': ['hackathon:read'],
  'GET /api/v1/community/ballots/reads': ['hackathon:read'],
  'POST /api/v1/community/ballots/:ballotId/invalidate': ['hackathon:write'],
  'GET /api/v1/community/results': ['hackathon:read'],
  'POST /api/v1/community/results': ['hackathon:write'],
  'PUT /api/v1/community/results/:version/release': ['hackathon:write'],
  'GET /api/v1/community/results/:version/ballots': ['hackathon:read'],
  // jury judging
  'GET /api/v1/event/jury': ['hackathon:read'],
  'GET /api/v1/event/jury/criteria': ['hackathon:read'],
  'PUT /api/v1/event/jury/criteria': ['hackathon:write'],
  'GET /api/v1/event/jury/conflicts': ['hackathon:read'],
  'POST /api/v1/event/jury/conflicts': ['hackathon:write'],
  'DELETE /api/v1/event/jury/conflicts': ['hackathon:write'],
  'POST /api/v1/event/jury/plan': ['hackathon:write'],
  'GET /api/v1/event/jury/assignments': ['hackathon:read'],
  'POST /api/v1/event/jury/assignments': ['hackathon:write'],
  'DELETE /api/v1/event/jury/assignments': ['hackathon:write'],
  'POST /api/v1/event/jury/open': ['hackathon:write'],
  'POST /api/v1/event/jury/close': ['hackathon:write'],
  'GET /api/v1/event/jury/progress': ['hackathon:read'],
  'GET /api/v1/event/jury/scores': ['hackathon:read'],
  'PUT /api/v1/event/jury/scores/:team/draft': ['hackathon:write'],
  'POST /api/v1/event/jury/scores/:team/submission': ['hackathon:write'],
  'GET /api/v1/event/jury/results': ['hackathon:read'],
  'POST /api/v1/event/jury/results': ['hackathon:write'],
  'PUT /api/v1/event/jury/results/:version/release': ['hackathon:write'],
  'GET /api/v1/event/jury/results/:version/scores': ['hackathon:read'],
  'GET /api/v1/admin/provision/plan': ['hackathon:read'],
  'POST /api/v1/admin/provision': ['hackathon:write'],
  'GET /api/v1/admin/provision/runs/:key': ['hackathon:read'],
  'GET /api/v1/event/github-check': ['hackathon:read'],
  'PUT /api/v1/event': ['hackathon:write'],
  'PUT /api/v1/event/github': ['hackathon:write'],
  'PUT /api/v1/event/vote': ['hackathon:write'],
  'PUT /api/v1/event/roster': ['hackathon:write'],
  'GET /api/v1/event/roster': ['hackathon:read'],
  'PUT /api/v1/event/roster/lock': ['hackathon:write'],
  'DELETE /api/v1/event/roster/lock': ['hackathon:write'],
  'GET /api/v1/event/agenda': ['hackathon:read'],
  'PUT /api/v1/event/agenda': ['hackathon:write'],
  'GET /api/v1/event/showcase': ['hackathon:read'],
  'GET /api/v1/event/team-members': ['hackathon:read'],
  'PATCH /api/v1/event/showcase': ['hackathon:write'],
  'GET /api/v1/event/deck-links': ['hackathon:read'],
  'PATCH /api/v1/event/deck-links': ['hackathon:write'],
  'GET /api/v1/event/decks': ['hackathon:read'],
  'GET /api/v1/event/decks/gallery': ['hackathon:read'],
  'GET /api/v1/event/decks/preview': ['hackathon:read'],
  'GET /api/v1/event/decks/templates': ['hackathon:read'],
  'GET /api/v1/event/decks/runs': ['hackathon:read'],
  'POST /api/v1/event/decks/runs': ['hackathon:write'],
  'GET /api/v1/event/decks/runs/:runId': ['hackathon:read'],
  'GET /api/v1/event/decks/:deckId': ['hackathon:read'],
  'POST /api/v1/event/decks/:deckId/review': ['hackathon:write'],
  'POST /api/v1/event/decks/releases': ['hackathon:write'],
  'GET /api/v1/projects': ['hackathon:read'],
  'POST /api/v1/projects': ['hackathon:write'],
  'GET /api/v1/projects/:id': ['hackathon:read'],
  'PATCH /api/v1/projects/:id': ['hackathon:write'],
  'POST /api/v1/projects/:id/archive': ['hackathon:write'],
  'POST /api/v1/projects/:id/unarchive': ['hackathon:write'],
  'GET /api/v1/projects/:id/members': ['hackathon:read'],
  'POST /api/v1/projects/:id/members': ['hackathon:write'],
  'PUT /api/v1/projects/:id/members/people/:ref': ['hackathon:write'],
  'DELETE /api/v1/projects/:id/members/people/:ref': ['hackathon:write'],
  'PUT /api/v1/projects/:id/members/teams/:ref': ['hackathon:write'],
  'DELETE /api/v1/projects/:id/members/teams/:ref': ['hackathon:write'],
  'GET /api/v1/teams': ['hackathon:read'],
  'POST /api/v1/teams': ['hackathon:write'],
  'PATCH /api/v1/teams/:team': ['hackathon:write'],
  'DELETE /api/v1/teams/:team': ['hackathon:write'],
  'GET /api/v1/teams/:team/members': ['hackathon:read'],
  'POST /api/v1/teams/:team/members': ['hackathon:write'],
  'DELETE /api/v1/teams/:team/members/:person': ['hackathon:write'],
  // chats, the feed and help requests
  'GET /api/v1/event/chats': ['hackathon:read'],
  'GET /api/v1/event/chats/:channelId': ['hackathon:read'],
  'GET /api/v1/event/chats/:channelId/posts': ['hackathon:read'],
  'POST /api/v1/event/chats/:channelId/posts': ['hackathon:write'],
  'GET /api/v1/event/chats/:channelId/posts/:postId/replies': ['hackathon:read'],
  'GET /api/v1/event/feed': ['hackathon:read'],
  'GET /api/v1/event/feed/posts': ['hackathon:read'],
  'POST /api/v1/event/feed/posts': ['hackathon:write'],
  'POST /api/v1/event/posts/:postId/pin': ['hackathon:write'],
  'POST /api/v1/event/posts/:postId/unpin': ['hackathon:write'],
  'POST /api/v1/event/posts/:postId/hide': ['hackathon:write'],
  'POST /api/v1/event/posts/:postId/restore': ['hackathon:write'],
  'PUT /api/v1/event/posts/:postId/reactions/:emoji': ['hackathon:write'],
  'DELETE /api/v1/event/posts/:postId/reactions/:emoji': ['hackathon:write'],
  'GET /api/v1/event/requests': ['hackathon:read'],
  'POST /api/v1/event/requests': ['hackathon:write'],
  'GET /api/v1/event/requests/:id': ['hackathon:read'],
  'POST /api/v1/event/requests/:id/claim': ['hackathon:write'],
  'POST /api/v1/event/requests/:id/unclaim': ['hackathon:write'],
  'POST /api/v1/event/requests/:id/resolve': ['hackathon:write'],
  'POST /api/v1/event/requests/:id/reopen': ['hackathon:write'],
  // workspace files (either tool's read scope; SQL checks the scope each kind needs)
  'GET /api/v1/files/:id': ['hackathon:read', 'presentations:read'],
  'GET /api/v1/files/:id/content': ['hackathon:read', 'presentations:read'],
};

let s: TestServer;
test.before(async () => {
  s = await startTestServer();
  const ws = await seed.workspace(s.db.pool, 'Alpha');
  await seed.member(s.db.pool, ws.id, 'pat@x.test', 'admin');
  await person(s.db.pool, ws.id, 'sam@x.test', 'member', 'Sam');
});
test.after.always(() => s?.close());

test('the allowlist built from the routes is the table it replaced', (t) => {
  t.deepEqual({ ...KEY_ALLOWLIST }, EXPECTED);
});

test('every route that declares no key scopes refuses keys, whatever their scopes', async (t) => {
  const keys = [
    (await seed.key(s.db.pool, 'pat@x.test', 'deck', { scopes: ['presentations:read', 'presentations:write', 'data:export'] })).key,
    (await seed.key(s.db.pool, 'pat@x.test', 'hackathon', { scopes: ['hackathon:read', 'hackathon:write'] })).key,
  ];
  // Routes that read credentials at all (`none` never does; `session` refuses keys by its mode).
  const undeclared = s.api.routes.filter((r) => !(`${r.method} ${r.url}` in KEY_ALLOWLIST) && r.auth !== 'none' && r.method !== 'HEAD' && !r.url.includes('*'));
  t.true(undeclared.length > 10, `${undeclared.length} routes declare no key scopes`);
  for (const r of undeclared) {
    const url = r.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
    for (const key of keys) {
      const res = await http(s.url, r.method as 'GET', url, { key, headers: { origin: s.url } });
      t.is(res.status, 403, `${r.method} ${r.url}`);
      t.is(res.body?.error?.code, 'key_not_allowed', `${r.method} ${r.url}`);
    }
  }
});

test('a key may HEAD what it may GET: the same status and headers, no body; the same refusals', async (t) => {
  const deck = (await seed.key(s.db.pool, 'pat@x.test', 'deck', { scopes: ['presentations:read'] })).key;
  const hack = (await seed.key(s.db.pool, 'pat@x.test', 'hackathon', { scopes: ['hackathon:read'] })).key;
  for (const path of ['/api/v1/presentations', '/api/v1/me', '/api/v1/workspaces']) {
    const get = await http(s.url, 'GET', path, { key: deck });
    const head = await http(s.url, 'HEAD', path, { key: deck });
    t.is(get.status, 200, path);
    t.is(head.status, 200, path);
    t.is(head.text, '', path);
    t.is(head.headers.get('content-type'), get.headers.get('content-type'), path);
  }
  // A scope the key lacks, or a route keys may not call, refuses HEAD as it refuses GET.
  t.is((await http(s.url, 'HEAD', '/api/v1/presentations', { key: hack })).status, 403);
  t.is((await http(s.url, 'GET', '/api/v1/presentations', { key: hack })).body.error.code, 'insufficient_scope');
  const sessionOnly = s.api.routes.find((r) => r.method === 'GET' && r.auth === 'session' && !r.url.includes(':'))!;
  t.is((await http(s.url, 'HEAD', sessionOnly.url, { key: deck })).status, 403, sessionOnly.url);
  t.is((await http(s.url, 'HEAD', '/api/v1/presentations')).status, 401);
});

test('a 405 says what is allowed: GraphQL over GET (session or key), MCP GET and DELETE', async (t) => {
  const key = (await seed.key(s.db.pool, 'pat@x.test', 'deck')).key;
  const cookie = await pageSignIn(s.url, 'sam@x.test');
  for (const [method, path, auth] of [['GET', '/graphql', { cookie }], ['GET', '/graphql', { key }], ['HEAD', '/graphql', { cookie }], ['GET', '/api/v1/mcp', { key }], ['DELETE', '/api/v1/mcp', { key }]] as const) {
    const r = await http(s.url, method, path, auth);
    t.is(r.status, 405, `${method} ${path}`);
    t.is(r.headers.get('allow'), 'POST', `${method} ${path}`);
  }
});
