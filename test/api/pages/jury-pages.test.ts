// The jury pages: /event/jury lists a juror's teams with progress and an organizer's
// counts (never a score while judging runs); a participant is refused in words; the team page
// shows the score form beside the jury deck section; a save answers the page drawn again in
// one round trip (200, no redirect), a refusal is the page with SQL's sentence; the Origin is
// checked; /event/results shows jury and community side by side after release; the gallery
// marks the jury winner; another workspace sees nothing of it.
import test from 'ava';
import { http } from '../../helpers/http.ts';
import { pageSignIn, PASSWORD } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { voteFixture, type VoteFixture } from '../../helpers/vote.ts';
import { CRITERIA } from '../../helpers/jury.ts';

let s: TestServer;
let fx: VoteFixture;
let other: VoteFixture;
const cookie: Record<string, string> = {};
const J = 'j1@jpage.test';

test.before(async () => {
  s = await startTestServer();
  other = await voteFixture(s.db.pool, 'Jpother', { teams: { Bee: ['bee@jpother.test'] }, voteSection: false, ready: [] });
  fx = await voteFixture(s.db.pool, 'Jpage', {
    teams: { Rocket: ['ann@jpage.test'], Comet: ['cat@jpage.test'] },
    others: [{ email: J, role: 'jury' }],
    voteSection: false,
    ready: [],
  });
  for (const email of ['owner@jpage.test', 'ann@jpage.test', J, 'owner@jpother.test']) {
    const uid = (fx.users[email] ?? other.users[email])!;
    await seed.password(s.db.pool, uid, PASSWORD);
    cookie[email] = await pageSignIn(s.url, email);
  }
  await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)]);
  await fx.call('owner', 'app.assign_jury($1, $2)', [1, 0]);
  await fx.call('owner', 'app.open_jury()');
});
test.after.always(() => s?.close());

const get = (path: string, who: string) => http(s.url, 'GET', path, { cookie: cookie[who] });
const form = (path: string, who: string, fields: Record<string, string>, origin: string | null = s.url) =>
  http(s.url, 'POST', path, { cookie: cookie[who], raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) } });

test.serial('the juror\'s list, the team page with the score form, a save in one round trip', async (t) => {
  const list = await get('/event/jury', J);
  t.is(list.status, 200);
  t.regex(list.text, /0 of 2 teams submitted/);
  t.regex(list.text, new RegExp(`<a href="/event/jury/${fx.teams.Rocket}">Rocket</a>`));
  const page = await get(`/event/jury/${fx.teams.Rocket}`, J);
  t.is(page.status, 200);
  t.regex(page.text, /<h1>Jury: Rocket<\/h1>/);
  // React writes an input's name and value last, and inputMode as `inputMode` (attributes are case-insensitive).
  const impact = /<input id="c-1"[^>]*>/.exec(page.text)?.[0] ?? '';
  for (const attr of [/name="score:Impact"/, /type="number"/, /inputmode="numeric"/i, /min="1"/, /max="5"/]) t.regex(impact, attr);
  t.regex(page.text, /autofocus/);
  t.regex(page.text, /No jury deck is released for this team yet/);
  const saved = await form(`/event/jury/${fx.teams.Rocket}`, J, { expectedRevision: '0', 'score:Impact': '4', note: 'private <b>', action: 'save' });
  t.is(saved.status, 200, 'the page itself, not a redirect');
  t.regex(saved.text, /Draft saved<\/strong> \(revision 1\)/);
  t.regex(saved.text, /private &lt;b&gt;/);
  const stale = await form(`/event/jury/${fx.teams.Rocket}`, J, { expectedRevision: '0', 'score:Execution': '3', action: 'submit' });
  t.is(stale.status, 200);
  t.regex(stale.text, /Not saved:<\/strong> Your score of .* is at revision 1/);
  const sub = await form(`/event/jury/${fx.teams.Rocket}`, J, { expectedRevision: '1', 'score:Execution': '3', action: 'submit' });
  t.regex(sub.text, /Score submitted<\/strong> \(revision 2\)/);
  const noOrigin = await form(`/event/jury/${fx.teams.Rocket}`, J, { expectedRevision: '2', 'score:Impact': '1', action: 'save' }, null);
  t.is(noOrigin.status, 403);
  t.is((await s.db.pool.query(`select revision from app.jury_scores where juror = $1`, [J])).rows[0].revision, 2);
});

test.serial('organizers read counts, participants are refused in words, another workspace sees nothing', async (t) => {
  const org = await get('/event/jury', 'owner@jpage.test');
  t.is(org.status, 200);
  t.regex(org.text, /1 of 2 scores submitted/);
  t.notRegex(org.text, /private/);
  const ann = await get('/event/jury', 'ann@jpage.test');
  t.is(ann.status, 403);
  const post = await form(`/event/jury/${fx.teams.Rocket}`, 'ann@jpage.test', { expectedRevision: '0', 'score:Impact': '1', action: 'save' });
  t.is(post.status, 403);
  t.regex(post.text, /This is for jury only; you are participant/);
  t.is(Number((await s.db.pool.query(`select count(*) from app.jury_scores where juror = 'ann@jpage.test'`)).rows[0].count), 0);
  const eve = await get(`/event/jury/${fx.teams.Rocket}`, 'owner@jpother.test');
  t.notRegex(eve.text, /Rocket/);
});

test.serial('results side by side after release; the gallery marks the jury winner', async (t) => {
  t.regex((await get('/event/results', 'ann@jpage.test')).text, /The jury result is not released yet/);
  await fx.call('owner', 'app.close_jury()');
  await fx.call('owner', 'app.calculate_jury_results($1)', ['mean']);
  await fx.call('owner', 'app.release_jury_results($1)', [1]);
  const r = await get('/event/results', 'ann@jpage.test');
  t.is(r.status, 200);
  t.regex(r.text, /Side by side/);
  t.regex(r.text, /<td>Rocket<\/td><td>1<\/td><td>3\.6000<\/td><td>—<\/td>/);
  const g = await get('/event/gallery', 'ann@jpage.test');
  t.regex(g.text, /Rocket <span class="badge">Jury winner<\/span>/);
  t.notRegex((await get('/event/gallery', 'owner@jpother.test')).text, /Jury winner/);
});

test.serial('the event dashboard: the organizer\'s jury card (counts) and the juror\'s own progress', async (t) => {
  const org = await get('/event', 'owner@jpage.test');
  t.regex(org.text, /<h2 id="jury-h">Jury<\/h2><p>Judging <span class="badge">closed<\/span>: 1 of 2 scores submitted, 1 juror late\./);
  const j = await get('/event', J);
  t.regex(j.text, /you submitted 1 of 2 teams/);
  t.notRegex((await get('/event', 'ann@jpage.test')).text, /jury-h/);
});
