// Generated decks in SQL: each row of the spec's "Generated decks" state table,
// each error code of the area, the gallery's every state word, and --invalidate-decks. The
// worker's side is played by the app_private functions it calls (generation_job_begin,
// publish_generated_deck, generation_job_failed), as workers/tasks/decks__generate.ts does.
import test from 'ava';
import { createHash, randomBytes } from 'node:crypto';
import { authorKey } from '../../../core/codehost/types.ts';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { teamIds } from '../../helpers/event.ts';

const RW = ['hackathon:read', 'hackathon:write'];
const R = ['hackathon:read'];
let db: TestDatabase;
let ws: { id: string };
let owner: string, part: string, jury: string, advisor: string;
let teams: Record<string, string>;
let eventId: string;

const sha = (c: string) => c.repeat(40);
const archive = (c: string) => c.repeat(64);

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Gen');
  owner = (await seed.member(db.pool, ws.id, 'owner@gen.test', 'owner')).userId;
  part = (await seed.member(db.pool, ws.id, 'part@gen.test')).userId;
  jury = (await seed.member(db.pool, ws.id, 'jury@gen.test')).userId;
  advisor = (await seed.member(db.pool, ws.id, 'coach@gen.test')).userId;
  const asOwner = asUser(db.pool, owner, ws.id, 'owner', RW);
  await asOwner((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  await asOwner((c) => c.query(`select app.import_roster($1)`, [JSON.stringify([
    { email: 'part@gen.test', team: 'Rocket' }, { email: 'p2@gen.test', team: 'Comet' }, { email: 'p3@gen.test', team: 'Nova' },
    { email: 'jury@gen.test', role: 'jury' }, { email: 'coach@gen.test', role: 'advisor' },
  ])]));
  teams = await teamIds(db.pool, ws.id);
  eventId = (await db.pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id;
});
test.after.always(() => db?.drop());

const setClockHours = (h: number) => db.pool.query('update app_private.clock set offset_seconds = $1', [h * 3600]);
const voteSection = (on: boolean) => db.pool.query('update app.events set vote_section = $2 where id = $1', [eventId, on]);
const votingOpened = (on: boolean) => db.pool.query(`update app.events set voting_opened_at = case when $2 then app.now() end where id = $1`, [eventId, on]);

/** Freezes a team on a sha with an evidence archive (as the capture job records it). */
async function freeze(team: string, c: string, a: string) {
  await db.pool.query(
    `insert into app.submissions (project_id, event_id, state, sha, source, archive_sha256, archive_size, frozen_at)
     values ($1, $2, 'frozen', $3, 'push', $4, 100, app.now())
     on conflict (project_id) do update set state = 'frozen', sha = excluded.sha, archive_sha256 = excluded.archive_sha256`,
    [teams[team], eventId, sha(c), archive(a)]);
}

type Outcome = { ok: true; r: any } | { ok: false; code: string; message: string; details: Record<string, unknown> };
async function call(userId: string, role: string, scopes: string[], sql: string, params: unknown[] = []): Promise<Outcome> {
  try {
    const r = await asUser(db.pool, userId, ws.id, role, scopes)((c) => c.query(`select ${sql} as r`, params));
    return { ok: true, r: r.rows[0].r };
  } catch (err) {
    const e = err as { detail?: string; message: string; hint?: string };
    return { ok: false, code: e.detail ?? e.message, message: e.message, details: e.hint ? JSON.parse(e.hint) : {} };
  }
}
const org = (sql: string, params: unknown[] = [], scopes = RW) => call(owner, 'owner', scopes, sql, params);
async function orgOk(sql: string, params: unknown[] = []) {
  const o = await org(sql, params);
  if (!o.ok) throw new Error(`${sql}: ${o.code} ${o.message}`);
  return o.r;
}
const code = (o: Outcome) => (o.ok ? 'ok' : o.code);

/** The worker's run of one job: begin, then publish a one-file deck. */
async function work(jobId: string, findings: unknown[] = []) {
  const begun = (await db.pool.query('select app_private.generation_job_begin($1) as r', [jobId])).rows[0].r;
  if (!begun) return null;
  const html = `<html>${jobId}</html>`;
  const file = { path: 'index.html', sha256: createHash('sha256').update(html).digest('hex'), size: html.length };
  const deck = { title: 't', entry: 'index.html', files: [file], screens: [{ heading: 'Problem', claims: [] }], findings, generator: 'builtin/1' };
  return (await db.pool.query('select app_private.publish_generated_deck($1, $2, $3) as r', [jobId, JSON.stringify(deck), randomBytes(32)])).rows[0].r;
}
async function jobsOf(runId: string) {
  return (await db.pool.query(`select j.id, p.name as team, j.kind, j.status, j.attempts, j.skip_reason, j.last_error
     from app_private.generation_jobs j join app.projects p on p.id = j.project_id where j.run_id = $1 order by p.name, j.kind`, [runId])).rows;
}
async function runAll(runId: string) {
  for (const j of await jobsOf(runId)) if (j.status === 'pending') await work(j.id);
}
const deckOf = async (team: string, kind: string, version?: number) =>
  (await db.pool.query(`select * from app_private.generated_decks where project_id = $1 and kind = $2 ${version ? 'and version = $3' : ''}
     order by version desc limit 1`, version ? [teams[team], kind, version] : [teams[team], kind])).rows[0];
async function gallery(userId = owner, role = 'owner') {
  const o = await call(userId, role, R, 'app.deck_gallery()');
  if (!o.ok) throw new Error(o.code);
  return Object.fromEntries((o.r.items as any[]).map((i) => [i.team.name, { jury: i.jury.state + (i.jury.version && i.jury.state === 'released' ? ` v${i.jury.version}` : ''),
    community: i.community.state + (i.community.state === 'released' ? ` v${i.community.version}` : ''), evidenceChanged: i.jury.evidenceChanged ?? false }]));
}

test.serial('while the vote section is off every generation command is vote_off; the gallery still works', async (t) => {
  await setClockHours(25.5);
  await voteSection(false);
  t.is(code(await org('app.start_deck_generation(false)')), 'vote_off');
  t.is(code(await org('app.deck_generation_runs()')), 'vote_off');
  t.is(code(await org('app.deck_generation_run($1, false)', [randomUUIDish()])), 'vote_off');
  t.is(code(await org('app.generated_decks_list()')), 'vote_off');
  t.is(code(await org('app.generated_deck($1)', [randomUUIDish()])), 'vote_off');
  t.is(code(await org('app.review_generated_deck($1, true, null)', [randomUUIDish()])), 'vote_off');
  t.is(code(await org('app.release_generated_decks($1)', [teams.Rocket])), 'vote_off');
  t.is(code(await org('app.deck_templates()')), 'vote_off');
  t.is(code(await call(part, 'member', R, 'app.deck_gallery()')), 'ok');
  t.is(code(await org('app.deck_gallery()')), 'ok');
  await voteSection(true);
});

function randomUUIDish() {
  return '00000000-0000-4000-8000-' + randomBytes(6).toString('hex');
}

test.serial('templates: jury 6 to 8 screens and community 3 to 4, each with a schema version and headings; the jury viewer is refused', async (t) => {
  const o = await call(part, 'member', R, 'app.deck_templates()');
  t.true(o.ok);
  const [j, c] = (o as any).r.items;
  t.like(j, { kind: 'jury', schemaVersion: 2, screens: { min: 6, max: 8 } });
  t.deepEqual(j.headings.slice(0, 7).map((h: any) => h.heading), ['Problem', 'What it does', 'How it works', 'What was built in the event', 'Where the code came from', 'Evidence it runs', 'What is tested']);
  t.like(c, { kind: 'community', schemaVersion: 2, screens: { min: 3, max: 4 }, maxClaimsPerScreen: 2 });
  // the community deck is a pitch, no audit
  t.deepEqual(c.headings, ['What it is', 'Who it is for', 'In one number', 'Try it'].map((heading, i) => ({ heading, required: i < 3 })));
  t.is(code(await call(jury, 'member', R, 'app.deck_templates()')), 'insufficient_event_role');
});

test.serial('decks generate before the freeze: event_not_closed; only organizers start a run', async (t) => {
  await setClockHours(2);
  t.is(code(await org('app.start_deck_generation(false)')), 'event_not_closed');
  await setClockHours(25.5);
  t.is(code(await call(part, 'member', RW, 'app.start_deck_generation(false)')), 'insufficient_event_role');
  t.is(code(await org('app.start_deck_generation(false)', [], R)), 'insufficient_scope');
});

let run1: any;
test.serial('a run: one pending job per frozen team and kind, each queued once under its job key; teams not frozen are not in it', async (t) => {
  await freeze('Rocket', 'a', 'a');
  await freeze('Comet', 'b', 'b');
  run1 = await orgOk('app.start_deck_generation(false)');
  t.like(run1.run, { revision: 1, status: 'running', counts: { pending: 4, running: 0, review: 0, failed: 0, skipped: 0 } });
  t.deepEqual(run1.skipped, []);
  const jobs = await jobsOf(run1.run.id);
  t.deepEqual(jobs.map((j) => `${j.team}/${j.kind}/${j.status}`), ['Comet/community/pending', 'Comet/jury/pending', 'Rocket/community/pending', 'Rocket/jury/pending']);
  const queued = await db.pool.query(`select key from graphile_worker.jobs where task_identifier = 'decks__generate' order by key`);
  t.deepEqual(queued.rows.map((r) => r.key).sort(), jobs.map((j) => `decks:generate:${j.id}`).sort());
  t.is(code(await org('app.start_deck_generation(false)')), 'run_in_progress', 'a second start while jobs are pending');
  const busy = await org('app.start_deck_generation(true)');
  t.like(busy, { ok: false, code: 'run_in_progress', details: { runId: run1.run.id } });
});

test.serial('a job: pending -> running (attempts counted) -> review; a killed attempt re-run publishes one version; a repeated job changes nothing', async (t) => {
  const [job] = (await jobsOf(run1.run.id)).filter((j) => j.team === 'Rocket' && j.kind === 'jury');
  // the team's showcase and its template revision travel with the job: the deck leads with the team's words
  await db.pool.query(`update app.event_teams set product_name = 'Rocket Todo', tagline = 'Lists that sync' where project_id = $1`, [teams.Rocket]);
  await db.pool.query(`insert into app.team_repositories (project_id, event_id, full_name, readiness, template_sha) values ($1, $2, 'gen/rocket', 'ready', $3)
     on conflict (project_id) do update set template_sha = excluded.template_sha`, [teams.Rocket, eventId, sha('e')]);
  // roster names: the job's own team's named participants, keyed like commit authors
  await db.pool.query(`update app.roster_entries set name = case when email = 'part@gen.test' then 'Pat Rocket' else 'Pia Comet' end
     where event_id = $1 and email in ('part@gen.test', 'p2@gen.test')`, [eventId]);
  await db.pool.query(`insert into app.roster_entries (event_id, email, name, role, team_id) values ($1, 'Zed@Gen.TEST', 'Zed Rocket', 'participant', $2),
     ($1, 'nameless@gen.test', null, 'participant', $2)`, [eventId, teams.Rocket]);
  const first = (await db.pool.query('select app_private.generation_job_begin($1) as r', [job.id])).rows[0].r;
  t.deepEqual(first.roster, [{ name: 'Pat Rocket', key: authorKey('part@gen.test') }, { name: 'Zed Rocket', key: authorKey('zed@gen.test') }],
    'only the team\'s named participants, keyed by the normalized address as commit authors are (no other team\'s name)');
  await db.pool.query(`delete from app.roster_entries where event_id = $1 and email in ('Zed@Gen.TEST', 'nameless@gen.test')`, [eventId]);
  t.like(first, { kind: 'jury', team: { name: 'Rocket' }, sha: sha('a'), archiveSha256: archive('a'), attempts: 1, template: { kind: 'jury' } });
  t.deepEqual(first.showcase, { product: 'Rocket Todo', tagline: 'Lists that sync', description: null });
  t.is(first.templateSha, sha('e'));
  t.is(first.repository, 'gen/rocket');
  t.like((await jobsOf(run1.run.id)).find((j) => j.id === job.id), { status: 'running', attempts: 1 });
  // the worker died here: the job is run again by another replica
  const published = await work(job.id);
  t.like(published, { version: 1, created: true });
  t.like((await jobsOf(run1.run.id)).find((j) => j.id === job.id), { status: 'review', attempts: 2 });
  t.is(await work(job.id), null, 'a job already published begins to nothing');
  const again = (await db.pool.query('select app_private.publish_generated_deck($1, $2, $3) as r', [job.id, JSON.stringify({ entry: 'index.html', files: [] }), randomBytes(32)])).rows[0].r;
  t.like(again, { id: published.id, version: 1, created: false });
  t.is((await db.pool.query('select count(*)::int as n from app_private.generated_decks where job_id = $1', [job.id])).rows[0].n, 1);
  const d = await deckOf('Rocket', 'jury');
  t.like(d, { review: 'pending', release: 'not released', version: 1, revision: 1, template: 'jury', schema_version: 2, min_screens: 6, max_screens: 8 });
  t.is((await db.pool.query('select current_version from app.decks where id = $1', [d.deck_id])).rows[0].current_version, 1);
  const link = (await db.pool.query('select pinned_version, show_bar, can_download, forms_enabled from app.share_links where id = $1', [d.link_id])).rows[0];
  t.deepEqual(link, { pinned_version: 1, show_bar: false, can_download: false, forms_enabled: false }, 'a read-only share link pinned to the version');
  t.is((await db.pool.query(`select count(*)::int as n from graphile_worker.jobs where key = $1`, [`thumbnail:${d.deck_id}:1`])).rows[0].n, 1, 'the thumbnail job is queued');
});

test.serial('a failed attempt is retried (pending, last error kept); a final failure is failed; the run is done once nothing is pending or running', async (t) => {
  const jobs = await jobsOf(run1.run.id);
  const cj = jobs.find((j) => j.team === 'Comet' && j.kind === 'jury')!;
  await db.pool.query('select app_private.generation_job_begin($1)', [cj.id]);
  await db.pool.query('select app_private.generation_job_failed($1, $2, false)', [cj.id, 'archive unreachable']);
  t.like((await jobsOf(run1.run.id)).find((j) => j.id === cj.id), { status: 'pending', attempts: 1, last_error: 'archive unreachable' });
  await db.pool.query('select app_private.generation_job_begin($1)', [cj.id]);
  await db.pool.query('select app_private.generation_job_failed($1, $2, true)', [cj.id, 'evidence archive does not match its sha256']);
  t.like((await jobsOf(run1.run.id)).find((j) => j.id === cj.id), { status: 'failed', attempts: 2, last_error: 'evidence archive does not match its sha256' });
  const runs = await orgOk('app.deck_generation_runs()');
  t.like(runs.items[0], { status: 'running' });
  for (const j of await jobsOf(run1.run.id)) if (j.status === 'pending') await work(j.id);
  const done = await orgOk('app.deck_generation_runs()');
  t.is(done.currentRevision, 1);
  t.like(done.items[0], { id: run1.run.id, revision: 1, status: 'done', counts: { pending: 0, running: 0, review: 3, failed: 1, skipped: 0 } });
});

test.serial('decks run: jobs with team, kind, status, attempts, last error or deck version; logs only when asked; run_not_found', async (t) => {
  const r = await orgOk('app.deck_generation_run($1, false)', [run1.run.id]);
  t.is(r.jobs.length, 4);
  const rj = r.jobs.find((j: any) => j.team.name === 'Rocket' && j.kind === 'jury');
  t.like(rj, { status: 'review', attempts: 2, deck: { version: 1 } });
  t.false('log' in rj);
  const cj = r.jobs.find((j: any) => j.team.name === 'Comet' && j.kind === 'jury');
  t.like(cj, { status: 'failed', lastError: 'evidence archive does not match its sha256', deck: null });
  const logged = await orgOk('app.deck_generation_run($1, true)', [run1.run.id]);
  const log = logged.jobs.find((j: any) => j.id === cj.id).log as string;
  t.regex(log, /attempt 1 started\n.*attempt failed, will retry: archive unreachable\n.*attempt 2 started\n.*failed: evidence archive/s);
  t.like(await org('app.deck_generation_run($1, false)', [randomUUIDish()]), { ok: false, code: 'run_not_found' });
  t.is(code(await call(part, 'member', R, 'app.deck_generation_run($1, true)', [run1.run.id])), 'insufficient_event_role', 'logs are private to organizers');
});

test.serial('completed work at the current revision is skipped with its reason; the failed job runs again', async (t) => {
  const r2 = await orgOk('app.start_deck_generation(false)');
  t.like(r2.run, { revision: 1, counts: { pending: 1, skipped: 3 } });
  t.deepEqual(r2.skipped.map((s: any) => `${s.team.name}/${s.kind}: ${s.reason}`).sort(), [
    'Comet/community: community deck v1 was already generated at revision 1 from this evidence',
    'Rocket/community: community deck v1 was already generated at revision 1 from this evidence',
    'Rocket/jury: jury deck v1 was already generated at revision 1 from this evidence',
  ]);
  t.is(code(await org('app.start_deck_generation(false)')), 'run_in_progress');
  await runAll(r2.run.id);
  t.like(await deckOf('Comet', 'jury'), { version: 1, revision: 1 });
});

test.serial('gallery: review, then pending once approved; participants and jury see pending; decks show is organizer-only until released', async (t) => {
  t.deepEqual(await gallery(), {
    Comet: { jury: 'review', community: 'review', evidenceChanged: false },
    Nova: { jury: 'none', community: 'none', evidenceChanged: false },
    Rocket: { jury: 'review', community: 'review', evidenceChanged: false },
  });
  const rj = await deckOf('Rocket', 'jury');
  await orgOk('app.review_generated_deck($1, true, $2)', [rj.id, 'Looks right']);
  const g = await gallery();
  t.is(g.Rocket.jury, 'pending');
  for (const [who, role] of [[part, 'member'], [jury, 'member'], [advisor, 'member']] as const) {
    const v = await gallery(who, role);
    t.deepEqual(v.Rocket, { jury: 'pending', community: 'pending', evidenceChanged: false });
    t.deepEqual(v.Nova, { jury: 'pending', community: 'pending', evidenceChanged: false });
    t.is(code(await call(who, role, R, 'app.generated_deck($1)', [rj.id])), 'deck_not_found', 'an unreleased deck is not shown to other roles');
  }
  // its thumbnail: the worker made it; SQL answers it only to who may see the deck
  const png = 'ab'.repeat(32);
  await db.pool.query(`select app_private.save_thumbnail($1, $2, $3, 'title-card')`, [rj.deck_id, rj.version, png]);
  t.is(await orgOk('app.generated_deck_thumbnail($1)', [rj.id]), png, 'the organizer reviewing it sees its thumbnail');
  const orgView = ((await org('app.deck_gallery()')) as any).r.items.find((i: any) => i.team.name === 'Rocket');
  t.like(orgView.jury, { deckId: rj.id, thumbnail: true });
  t.like(orgView.community, { thumbnail: false }, 'no thumbnail made yet: the page shows no image');
  for (const [who, role] of [[part, 'member'], [jury, 'member'], [advisor, 'member']] as const) {
    t.is(code(await call(who, role, R, 'app.generated_deck_thumbnail($1)', [rj.id])), 'deck_not_found', 'an unreleased deck\'s thumbnail is not shown to other roles');
  }
  const outsider = (await seed.member(db.pool, ws.id, 'outsider@gen.test')).userId;
  t.not(code(await call(outsider, 'member', R, 'app.generated_deck_thumbnail($1)', [rj.id])), 'ok', 'a workspace member off the roster gets nothing');
  t.is(code(await org('app.generated_deck_thumbnail($1)', [randomUUIDish()])), 'deck_not_found');
  const shown = await orgOk('app.generated_deck($1)', [rj.id]);
  t.like(shown, { kind: 'jury', version: 1, review: 'approved', reviewNote: 'Looks right', release: 'not released', team: { name: 'Rocket' } });
  t.like(await org('app.generated_deck($1)', [randomUUIDish()]), { ok: false, code: 'deck_not_found' });
  t.like(await org('app.review_generated_deck($1, false, null)', [randomUUIDish()]), { ok: false, code: 'deck_not_found' });
});

test.serial('decks release: not_approved while a kind awaits review, or has nothing approved', async (t) => {
  const r = await org('app.release_generated_decks($1)', [teams.Rocket]);
  t.like(r, { ok: false, code: 'not_approved', details: { kind: 'community' } });
  t.regex((r as any).message, /awaits review/);
  await orgOk('app.review_generated_deck($1, false, $2)', [(await deckOf('Rocket', 'community')).id, 'Too vague']);
  const r2 = await org('app.release_generated_decks($1)', [teams.Rocket]);
  t.like(r2, { ok: false, code: 'not_approved', details: { kind: 'community' } });
  t.is((await gallery()).Rocket.community, 'review', 'a rejected deck with none approved still asks for review');
  t.is((await deckOf('Rocket', 'jury')).release, 'not released', 'nothing was released (all or nothing)');
  t.like(await org('app.release_generated_decks($1)', [teams.Nova]), { ok: false, code: 'not_approved', details: { kind: 'jury' } });
  t.like(await org('app.release_generated_decks($1)', [randomUUIDish()]), { ok: false, code: 'project_not_found' });
});

test.serial('decks release: both kinds approved are released; the gallery shows released vN with its view to every role', async (t) => {
  await orgOk('app.review_generated_deck($1, true, null)', [(await deckOf('Rocket', 'community')).id]);
  const r = await orgOk('app.release_generated_decks($1)', [teams.Rocket]);
  t.deepEqual(r.released.map((x: any) => `${x.kind} v${x.version}`), ['jury v1', 'community v1']);
  t.deepEqual(r.superseded, []);
  t.deepEqual((await gallery()).Rocket, { jury: 'released v1', community: 'released v1', evidenceChanged: false });
  t.deepEqual((await gallery(part, 'member')).Rocket, { jury: 'released v1', community: 'released v1', evidenceChanged: false });
  const asPart = await call(part, 'member', R, 'app.deck_gallery()');
  t.truthy((asPart as any).r.items.find((i: any) => i.team.name === 'Rocket').jury.viewKey);
  t.true((await call(jury, 'member', R, 'app.generated_deck($1)', [(await deckOf('Rocket', 'jury')).id])).ok, 'a released deck is shown to the jury');
  // a released deck's thumbnail is every roster role's, like the deck's view
  const rj = await deckOf('Rocket', 'jury');
  for (const [who, role] of [[part, 'member'], [jury, 'member'], [advisor, 'member']] as const) {
    t.deepEqual(await call(who, role, R, 'app.generated_deck_thumbnail($1)', [rj.id]), { ok: true, r: 'ab'.repeat(32) });
  }
  t.like((asPart as any).r.items.find((i: any) => i.team.name === 'Rocket').jury, { deckId: rj.id, thumbnail: true });
  const again = await orgOk('app.release_generated_decks($1)', [teams.Rocket]);
  t.deepEqual([again.released, again.unchanged.length], [[], 2], 'releasing again changes nothing');
});

let run3: any;
test.serial('--new-revision regenerates every team, old decks kept; a newer approved deck supersedes the released one', async (t) => {
  await freeze('Nova', 'c', 'c');
  run3 = await orgOk('app.start_deck_generation(true)');
  t.like(run3.run, { revision: 2, newRevision: true, counts: { pending: 6, skipped: 0 } });
  t.deepEqual(await gallery().then((g) => g.Rocket), { jury: 'released v1', community: 'released v1', evidenceChanged: false });
  t.is((await gallery()).Nova.jury, 'generating');
  await runAll(run3.run.id);
  t.like(await deckOf('Rocket', 'jury'), { version: 2, revision: 2 });
  t.is((await db.pool.query('select count(*)::int as n from app_private.generated_decks where project_id = $1', [teams.Rocket])).rows[0].n, 4, 'the revision 1 decks are kept');
  const v2 = await deckOf('Rocket', 'jury', 2);
  await orgOk('app.review_generated_deck($1, true, null)', [v2.id]);
  await orgOk('app.review_generated_deck($1, true, null)', [(await deckOf('Rocket', 'community', 2)).id]);
  const r = await orgOk('app.release_generated_decks($1)', [teams.Rocket]);
  t.deepEqual(r.released.map((x: any) => `${x.kind} v${x.version}`), ['jury v2', 'community v2']);
  t.deepEqual(r.superseded.map((x: any) => `${x.kind} v${x.version}`), ['jury v1', 'community v1']);
  t.is((await deckOf('Rocket', 'jury', 1)).release, 'superseded');
  const list = await orgOk('app.generated_decks_list()');
  t.deepEqual(list.items.filter((i: any) => i.team.name === 'Rocket').map((i: any) => `${i.kind} v${i.version} ${i.review} ${i.release}`), [
    'jury v2 approved released', 'jury v1 approved superseded', 'community v2 approved released', 'community v1 approved superseded',
  ]);
});

test.serial('gallery failed: the newest job failed with no deck after it', async (t) => {
  const r = await orgOk('app.start_deck_generation(true)');
  const nj = (await jobsOf(r.run.id)).find((j) => j.team === 'Nova' && j.kind === 'jury')!;
  await db.pool.query('select app_private.generation_job_begin($1)', [nj.id]);
  await db.pool.query('select app_private.generation_job_failed($1, $2, true)', [nj.id, 'boom']);
  t.is((await gallery()).Nova.community, 'generating');
  await runAll(r.run.id);
  t.is((await gallery()).Nova.jury, 'failed');
  t.is((await gallery()).Nova.community, 'review');
});

test.serial('an exception on a new sha: the released deck shows (evidence changed), unreleased decks evidence_changed, release evidence_replaced', async (t) => {
  await setClockHours(25.5);
  await freeze('Comet', 'd', 'd'); // as an exception --sha would leave it (without --invalidate-decks)
  const g = await gallery();
  t.is(g.Comet.jury, 'evidence_changed');
  await freeze('Rocket', 'e', 'e');
  const gr = await gallery();
  t.deepEqual(gr.Rocket, { jury: 'released v2', community: 'released v2', evidenceChanged: true });
  const asPart = await call(part, 'member', R, 'app.deck_gallery()');
  t.true((asPart as any).r.items.find((i: any) => i.team.name === 'Rocket').jury.evidenceChanged);
  t.like(await org('app.release_generated_decks($1)', [teams.Rocket]), { ok: false, code: 'evidence_replaced', details: { kind: 'jury' } });
  t.true((await orgOk('app.generated_deck($1)', [(await deckOf('Rocket', 'jury')).id])).evidenceChanged);
});

test.serial('submissions exception --invalidate-decks moves the team\'s decks to invalidated (out of the gallery); a regenerated deck is not', async (t) => {
  await db.pool.query(`insert into app.submission_exceptions (event_id, project_id, at, reason, sha, missing, invalidate_decks)
                       values ($1, $2, app.now(), 'wrong repo', $3, false, true)`, [eventId, teams.Rocket, sha('e')]);
  const decks = (await db.pool.query('select release, invalidated_at from app_private.generated_decks where project_id = $1', [teams.Rocket])).rows;
  t.true(decks.every((d) => d.invalidated_at !== null));
  t.false(decks.some((d) => d.release === 'released'));
  t.deepEqual((await gallery()).Rocket, { jury: 'invalidated', community: 'invalidated', evidenceChanged: false });
  t.deepEqual((await gallery(part, 'member')).Rocket, { jury: 'pending', community: 'pending', evidenceChanged: false });
  const r = await orgOk('app.start_deck_generation(false)');
  t.true((await jobsOf(r.run.id)).filter((j) => j.team === 'Rocket').every((j) => j.status === 'pending'), 'invalidated work is not skipped');
  await runAll(r.run.id);
  t.is((await gallery()).Rocket.jury, 'review');
  t.is((await deckOf('Rocket', 'jury')).invalidated_at, null);
});

test.serial('once voting opened: a new revision, rejecting a released deck and superseding one are content_pinned; approving is not', async (t) => {
  // Comet: its decks of the new evidence approved and released before the vote ...
  for (const k of ['jury', 'community']) await orgOk('app.review_generated_deck($1, true, null)', [(await deckOf('Comet', k)).id]);
  const rel = await orgOk('app.release_generated_decks($1)', [teams.Comet]);
  t.deepEqual(rel.released.map((x: any) => x.kind), ['jury', 'community']);
  // ... and a newer revision approved, not yet released.
  const r = await orgOk('app.start_deck_generation(true)');
  await runAll(r.run.id);
  const newer = await deckOf('Comet', 'jury');
  await orgOk('app.review_generated_deck($1, true, null)', [newer.id]);
  const released = (await db.pool.query(`select id from app_private.generated_decks where project_id = $1 and kind = 'jury' and release = 'released'`, [teams.Comet])).rows[0];
  t.not(newer.id, released.id);
  await votingOpened(true);
  try {
    t.like(await org('app.start_deck_generation(true)'), { ok: false, code: 'content_pinned' });
    t.like(await org('app.review_generated_deck($1, false, null)', [released.id]), { ok: false, code: 'content_pinned' });
    t.true((await org('app.review_generated_deck($1, true, $2)', [released.id, 'fine'])).ok, 'approving a pinned deck is no change to it');
    t.like(await org('app.release_generated_decks($1)', [teams.Comet]), { ok: false, code: 'content_pinned', details: { kind: 'jury' } });
    t.is((await db.pool.query('select release from app_private.generated_decks where id = $1', [released.id])).rows[0].release, 'released');
    const gapFill = await org('app.start_deck_generation(false)');
    t.true(gapFill.ok, 'a run at the current revision (no new revision) still starts');
    await runAll((gapFill as any).r.run.id);
  } finally {
    await votingOpened(false);
  }
});

test.serial('the eligibility lock pins generated decks like an open vote; unlocking frees them', async (t) => {
  const pinned = async () => (await db.pool.query('select app_private.generated_content_pinned($1) as p', [eventId])).rows[0].p;
  t.false(await pinned());
  const lock = (await db.pool.query(`insert into app.vote_eligibility (event_id, version, locked_at) values ($1, 99, app.now()) returning id`, [eventId])).rows[0].id;
  try {
    t.true(await pinned());
    t.like(await org('app.start_deck_generation(true)'), { ok: false, code: 'content_pinned' });
    await db.pool.query('update app.vote_eligibility set unlocked_at = app.now() where id = $1', [lock]);
    t.false(await pinned());
  } finally {
    await db.pool.query('delete from app.vote_eligibility where id = $1', [lock]);
  }
});

test.serial('rejecting a released deck that is not pinned takes it out of the gallery', async (t) => {
  const released = (await db.pool.query(`select id from app_private.generated_decks where project_id = $1 and kind = 'community' and release = 'released'`, [teams.Comet])).rows[0];
  await orgOk('app.review_generated_deck($1, false, $2)', [released.id, 'Wrong screenshot']);
  const d = (await db.pool.query('select review, release, review_note from app_private.generated_decks where id = $1', [released.id])).rows[0];
  t.deepEqual(d, { review: 'rejected', release: 'not released', review_note: 'Wrong screenshot' });
  t.not((await gallery()).Comet.community.slice(0, 8), 'released');
});

test.serial('the jury viewer reads the gallery; list, runs and review are organizer-only', async (t) => {
  t.is(code(await call(jury, 'member', R, 'app.deck_gallery()')), 'ok');
  t.is(code(await call(jury, 'member', R, 'app.generated_decks_list()')), 'insufficient_event_role');
  t.is(code(await call(part, 'member', R, 'app.deck_generation_runs()')), 'insufficient_event_role');
  t.is(code(await call(advisor, 'member', RW, 'app.review_generated_deck($1, true, null)', [(await deckOf('Comet', 'jury')).id])), 'insufficient_event_role');
  t.is(code(await call(part, 'member', RW, 'app.release_generated_decks($1)', [teams.Rocket])), 'insufficient_event_role');
});

test.serial('another workspace sees none of it: runs, decks, gallery rows, reviews and releases', async (t) => {
  const other = await seed.workspace(db.pool, 'Other');
  const o = (await seed.member(db.pool, other.id, 'owner@other.test', 'owner')).userId;
  const asO = asUser(db.pool, o, other.id, 'owner', RW);
  await asO((c) => c.query(`select app.configure_event(0, 'B', 'UTC', app.now() + interval '1 hour', app.now() + interval '2 hours',
    app.now() + interval '3 hours', app.now() + interval '4 hours')`));
  await db.pool.query(`update app.events set vote_section = true where workspace_id = $1`, [other.id]);
  const callB = async (sql: string, params: unknown[] = []) => {
    try {
      return { ok: true, r: (await asO((c) => c.query(`select ${sql} as r`, params))).rows[0].r };
    } catch (err) {
      return { ok: false, code: (err as { detail?: string }).detail };
    }
  };
  const aDeck = await deckOf('Comet', 'jury');
  t.like(await callB('app.deck_generation_run($1, true)', [run1.run.id]), { ok: false, code: 'run_not_found' });
  t.like(await callB('app.generated_deck($1)', [aDeck.id]), { ok: false, code: 'deck_not_found' });
  const released = (await db.pool.query(`select id, deck_id, version from app_private.generated_decks where event_id = $1 and release = 'released' order by created_at limit 1`, [eventId])).rows[0];
  await db.pool.query(`select app_private.save_thumbnail($1, $2, $3, 'title-card')`, [released.deck_id, released.version, 'cd'.repeat(32)]);
  t.deepEqual(await call(part, 'member', R, 'app.generated_deck_thumbnail($1)', [released.id]), { ok: true, r: 'cd'.repeat(32) }, 'A\'s participant reads it');
  t.like(await callB('app.generated_deck_thumbnail($1)', [released.id]), { ok: false, code: 'deck_not_found' }, 'B cannot read A\'s released deck\'s thumbnail');
  t.like(await callB('app.review_generated_deck($1, false, null)', [aDeck.id]), { ok: false, code: 'deck_not_found' });
  t.like(await callB('app.release_generated_decks($1)', [teams.Comet]), { ok: false, code: 'project_not_found' });
  t.deepEqual((await callB('app.generated_decks_list()')).r, { items: [] });
  t.deepEqual((await callB('app.deck_generation_runs()')).r, { currentRevision: 0, items: [] });
  t.deepEqual((await callB('app.deck_gallery()')).r.items, []);
  t.is((await db.pool.query('select review from app_private.generated_decks where id = $1', [aDeck.id])).rows[0].review, aDeck.review, 'A\'s deck untouched');
});
