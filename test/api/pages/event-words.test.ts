// The words of the event pages: a favicon instead of a 404 on every page; the
// phase badge saying what grace means; deadlines in UTC with the event's own time beside
// them; receipts not numbered twice; on the vote page a ballot not saved yet in words, no
// Move buttons for a single candidate, and a tie between teams ranked by different numbers of
// ballots explained beside the result.
import test from 'ava';
import { renderMarkup } from '../../../api/pages/html.tsx';
import { receiptLine } from '../../../api/pages/event/home.tsx';
import { phaseWords, whenZoned } from '../../../api/pages/event/shared.tsx';
import type { VoteResult } from '../../../core/wire/community.ts';
import { ballotStateWords, resultTable, tieReason } from '../../../api/pages/event/vote.tsx';
import { eventWorld, type EventWorld } from '../../helpers/event-pages.ts';
import { MINUTE } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { pageSignIn, PASSWORD } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { openVote, voteFixture, type VoteFixture } from '../../helpers/vote.ts';

let s: TestServer;
let v: TestServer;
let w: EventWorld;
let fx: VoteFixture;
let annVote: string;
test.before(async () => {
  [s, v] = await Promise.all([startTestServer(), startTestServer()]);
  w = await eventWorld(s.url, s.db.pool);
  // Two teams: each voter ranks exactly one candidate.
  fx = await voteFixture(v.db.pool, 'Words', { teams: { Rocket: ['ann@words.test'], Comet: ['bob@words.test'] } });
  await seed.password(v.db.pool, fx.users['ann@words.test']!, PASSWORD);
  annVote = await pageSignIn(v.url, 'ann@words.test');
  await openVote(fx);
});
test.after.always(async () => {
  await s?.close();
  await v?.close();
});

test('a favicon is served and every page names it (no 404 per page view)', async (t) => {
  const icon = await fetch(`${s.url}/favicon.ico`);
  t.is(icon.status, 200);
  t.is(icon.headers.get('content-type'), 'image/x-icon');
  const bytes = Buffer.from(await icon.arrayBuffer());
  t.deepEqual([...bytes.subarray(0, 4)], [0, 0, 1, 0], 'an ICO header');
  t.true(bytes.subarray(22, 26).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])), 'holding a PNG');
  for (const [path, cookie] of [['/signin', undefined], ['/event', w.cookies.ann], ['/event/team', w.cookies.ann]] as const) {
    const r = await http(s.url, 'GET', path, { cookie });
    t.is(r.status, 200, path);
    t.regex(r.text, /<link rel="icon" href="\/favicon\.ico"\/>/, path);
  }
});

test.serial('home: deadlines in UTC with the event time zone beside them; grace says what it means', async (t) => {
  const home = await http(s.url, 'GET', '/event', { cookie: w.cookies.ann });
  t.is(home.status, 200);
  const berlin = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(w.buildEndMs)).replace(', ', ' ');
  t.true(home.text.includes(`<dt>Build ends</dt><dd><time dateTime="${new Date(w.buildEndMs).toISOString()}">`), 'the instant itself stays UTC');
  t.true(home.text.includes(`(${berlin} Europe/Berlin)`), `the event's own time beside it: ${berlin}`);
  t.regex(home.text, /<dt>Times<\/dt><dd>UTC, with the event&#x27;s own time \(Europe\/Berlin\) in brackets<\/dd>/);
  t.notRegex(home.text, /<dt>Time zone<\/dt>/);
  await w.clock.to(w.buildEndMs + 5 * MINUTE);
  try {
    const grace = await http(s.url, 'GET', '/event', { cookie: w.cookies.ann });
    t.regex(grace.text, /<span class="badge">grace \(pushes still accepted until the freeze\)<\/span><\/h1>/);
  } finally {
    await w.clock.to(w.startMs + 60 * MINUTE);
  }
});

test('words as functions: phases, zoned instants, receipts, ballot states', (t) => {
  t.is(phaseWords('building'), 'building');
  t.is(phaseWords('grace'), 'grace (pushes still accepted until the freeze)');
  t.is(phaseWords('closed'), 'build closed', 'the vote may be on after the build closed');
  t.regex(renderMarkup(whenZoned('2026-05-01T10:00:00.000Z', 'Europe/Berlin')), /2026-05-01 10:00 UTC<\/time> <span class="muted">\(2026-05-01 12:00 Europe\/Berlin\)<\/span>$/);
  t.regex(renderMarkup(whenZoned('2026-05-01T10:00:00.000Z', 'Not/AZone')), /UTC<\/time>$/, 'an unknown zone: UTC only');
  t.regex(renderMarkup(receiptLine({ sequence: 2, receivedAt: '2026-05-01T10:00:00.000Z', sha: 'a'.repeat(40), verdict: 'accepted' })), /^Receipt #2 /);
  t.is(ballotStateWords('none'), 'not saved yet');
  t.is(ballotStateWords('draft'), 'draft');
});

test('the team page lists receipts in a plain list (the receipt numbers are the only numbers)', async (t) => {
  const r = await http(s.url, 'GET', '/event/team', { cookie: w.cookies.ann });
  t.is(r.status, 200);
  t.notRegex(r.text, /<ol class="receipts">/);
});

test('vote page: a ballot not saved yet in words; a single candidate has no Move buttons', async (t) => {
  const r = await http(v.url, 'GET', '/event/vote', { cookie: annVote });
  t.is(r.status, 200, r.text.slice(0, 300));
  t.regex(r.text, /<span class="badge" id="ballot-state">not saved yet<\/span>/);
  t.regex(r.text, /<dt>Revision<\/dt><dd>— \(nothing saved yet\)<\/dd>/);
  t.notRegex(r.text, />none<\/span>|<dd>0<\/dd>/);
  t.regex(r.text, /<ol id="ranking"[^>]*><li draggable="true" data-project="[^"]+">.*Comet/s);
  t.notRegex(r.text, /Move up|Move down|class="movers"/);
  t.regex(r.text, /One team to rank: save or submit it as it is\./);
});

test('a tie between teams ranked by different numbers of ballots says why beside the result; an ordinary tie says nothing more', (t) => {
  const result = (rows: VoteResult['rows'], names: string[]): VoteResult => ({
    version: 1, eligibilityVersion: 1, calculatedAt: '2026-05-01T10:00:00.000Z', released: true, releasedAt: '2026-05-01T10:00:00.000Z', digest: 'd'.repeat(64), rows,
    ties: [{ rank: 1, projectIds: rows.filter((r) => names.includes(r.name)).map((r) => r.projectId), names }],
    coverage: { voters: 6, submitted: 6, invalidated: 0, candidates: 3, excludedCandidates: 0, excludedVoters: 0 },
  });
  const uneven = result([
    { rank: 1, projectId: 'a', name: 'Comet', score: '0.5000', fraction: '1/2', ballots: 2 },
    { rank: 1, projectId: 'b', name: 'Rocket', score: '0.5000', fraction: '2/4', ballots: 4 },
    { rank: 3, projectId: 'c', name: 'Apollo', score: '0.2500', fraction: '1/4', ballots: 4 },
  ], ['Comet', 'Rocket']);
  const why = renderMarkup(tieReason(uneven, uneven.ties[0]!));
  t.is(why, ' <span class="muted">(equal scores from different numbers of ballots: a score is the mean over the ballots that rank the team, so Comet 1/2 over 2 ballots, Rocket 2/4 over 4 ballots tie)</span>');
  t.true(renderMarkup(resultTable(uneven)).includes(`<p>Tie at rank 1: Comet, Rocket${why}</p>`));
  const even = result([
    { rank: 1, projectId: 'a', name: 'Comet', score: '0.5000', fraction: '1/2', ballots: 4 },
    { rank: 1, projectId: 'b', name: 'Rocket', score: '0.5000', fraction: '1/2', ballots: 4 },
  ], ['Comet', 'Rocket']);
  t.is(renderMarkup(tieReason(even, even.ties[0]!)), '');
  t.true(renderMarkup(resultTable(even)).includes('<p>Tie at rank 1: Comet, Rocket</p>'));
});

test('a result row labels its exact score as a mean and says what the ballots count: no bare "0/1" beside "4"', (t) => {
  const r: VoteResult = {
    version: 1, eligibilityVersion: 1, calculatedAt: '2026-05-01T10:00:00.000Z', released: true, releasedAt: '2026-05-01T10:00:00.000Z', digest: 'd'.repeat(64),
    rows: [{ rank: 2, projectId: 'z', name: 'Zeta', score: '0.0000', fraction: '0/1', ballots: 4 }], ties: [],
    coverage: { voters: 4, submitted: 4, invalidated: 0, candidates: 2, excludedCandidates: 0, excludedVoters: 0 },
  };
  const html = renderMarkup(resultTable(r));
  t.regex(html, /<th scope="col">Exact score \(mean, as a fraction\)<\/th><th scope="col">Ranked on<\/th>/);
  t.regex(html, /<td>0\/1<\/td><td>4 ballots<\/td>/);
});
