// The end-of-run checks: the client's ledger (what the server acknowledged) against what the
// server holds, read back over the wire and from the database, and the figures of the run.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { EXPORT_FORMAT, tally } from '../../core/vote/tally.ts';
import path from 'node:path';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { logEntries, running } from '../replicas/stack.ts';
import { percentile, type Wire } from './client.ts';
import type { FaultRecord } from './faults.ts';
import type { Ledger } from './scenario.ts';
import type { Services } from './services.ts';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface Figure {
  name: string;
  value: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Where a push without a receipt stopped, for the report: the ref on the code host, its
 * queued push report (graphile-worker's row, if recording it in process failed) and what the
 * replicas logged about recording pushes. A missing receipt is a lost push; the table must say enough to find why.
 */
async function whereDidItGo(svc: Services, x: Ledger['pushes'][number]): Promise<string> {
  // The code host's own reading of the branch (the replicas share DATA_DIR = <tmp>/data).
  const host = new LocalCodeHost(path.join(svc.tmp, 'data'), svc.pool);
  const head = await host.branchHead(x.repository, x.ref.replace(/^refs\/heads\//, ''));
  const { rows } = await svc.pool.query(
    `select attempts, max_attempts, last_error, run_at, locked_by is not null as locked from graphile_worker.jobs
      where task_identifier = 'codehost__record_push' and strpos(payload ->> 'text', $1) > 0`, [x.after]).catch((err) => ({ rows: [{ error: (err as Error).message }] }));
  const logged = [...svc.apis, ...svc.workers].flatMap((r) => logEntries(r, 'push '))
    .map((e) => `${e.msg}${e.status !== undefined ? ` ${e.status}` : ''}${e.err ? ` ${e.err}` : ''}`);
  return `server ${x.ref} at ${head ? head.slice(0, 8) : 'no such branch'}; queued push report: ${rows.length ? JSON.stringify(rows) : 'none'}; ` +
    `replicas logged ${logged.length ? logged.slice(0, 5).join(' | ') : 'no recording problem'}`;
}

export async function runChecks(svc: Services, wire: Wire, l: Ledger, expectedLogins: number, faults: FaultRecord[]): Promise<Check[]> {
  const pool = svc.pool;
  const O = { key: l.owner.key };
  const checks: Check[] = [];
  const add = (name: string, problems: string[], okDetail: string) =>
    checks.push({ name, ok: problems.length === 0, detail: problems.length ? `${problems.length} problem(s): ${problems.slice(0, 5).join('; ')}` : okDetail });

  // 1. Pushes and receipts.
  const { rows: receipts } = await pool.query(
    `select seq, project_id, delivery_id, repository, ref, sha, verdict, refusal, late from app.submission_receipts where event_id = $1 and kind = 'push' order by seq`, [l.eventId]);
  {
    const problems: string[] = [];
    for (const x of l.pushes) {
      const mine = receipts.filter((r) => r.repository === x.repository && r.ref === x.ref && r.sha === x.after);
      // The template is the event's own repository, not a submission: its push records the
      // template revision and makes no receipt.
      if (x.phase === 'template') {
        if (mine.length !== 0) problems.push(`${x.repository} ${x.after.slice(0, 8)}: the template push made ${mine.length} receipt(s)`);
      } else if (mine.length === 0) problems.push(`${x.repository} ${x.ref} ${x.after.slice(0, 8)}: 0 receipts (${await whereDidItGo(svc, x)})`);
      else if (mine.length !== 1) problems.push(`${x.repository} ${x.ref} ${x.after.slice(0, 8)}: ${mine.length} receipts`);
      else if (x.phase === 'late' && !mine[0].late) problems.push(`${x.repository} ${x.after.slice(0, 8)} pushed after the freeze but not late`);
      else if (x.phase === 'intake' && x.ref === 'refs/heads/main' && (mine[0].verdict !== 'accepted' || mine[0].late)) problems.push(`${x.repository} ${x.after.slice(0, 8)}: ${mine[0].verdict} ${mine[0].refusal ?? ''} late=${mine[0].late}`);
      else if (x.ref !== 'refs/heads/main' && mine[0].refusal !== 'wrong_branch') problems.push(`${x.repository} ${x.ref}: ${mine[0].verdict} ${mine[0].refusal}`);
    }
    const known = new Set(l.pushes.filter((x) => x.phase !== 'template').map((x) => `${x.repository} ${x.ref} ${x.after}`));
    const stray = receipts.filter((r) => !known.has(`${r.repository} ${r.ref} ${r.sha}`));
    for (const r of stray) problems.push(`receipt ${r.seq} (${r.delivery_id}) matches no push of the ledger`);
    const bad = l.replays.filter((r) => r.status !== 202 || !r.duplicate);
    for (const r of bad) problems.push(`replay of ${r.repository} ${r.after.slice(0, 8)} answered ${r.status} duplicate=${r.duplicate}`);
    add('every accepted push has exactly one receipt (the template push none)', problems,
      `${l.pushes.length} pushes (${l.pushes.filter((x) => x.phase === 'late').length} late, ${l.pushes.filter((x) => x.ref !== 'refs/heads/main').length} wrong branch), ${receipts.length} receipts; ${l.replays.length} replays all answered duplicate`);
  }

  // 2. The right submission, 3. its evidence.
  const subs = (await wire.call('submissions', 'GET', '/api/v1/submissions', O)).body.items as any[];
  {
    const problems: string[] = [];
    const evidence: string[] = [];
    const reordered: string[] = [];
    for (const t of l.teams) {
      const s = subs.find((x) => x.project.id === t.id);
      const main = l.pushes.filter((x) => x.team === t.name && x.phase === 'intake' && x.ref === 'refs/heads/main');
      const byLedger = main.length ? main[main.length - 1]!.after : t.templateSha;
      const accepted = receipts.filter((r) => r.project_id === t.id && r.verdict === 'accepted' && !r.late && r.ref === 'refs/heads/main');
      const byReceipts = accepted.length ? accepted[accepted.length - 1].sha : t.templateSha;
      // The spec's rule: the last accepted push *received* before the freeze, by receipt order.
      // When a delivery is held up (the webhook outage) a later push may be received first;
      // the team is then frozen on the older commit, by the rule: counted, not a failure.
      if (!s || s.state !== 'frozen') problems.push(`${t.name}: ${s?.state ?? 'no submission'}`);
      else if (s.frozen.sha !== byReceipts) problems.push(`${t.name}: frozen ${s.frozen.sha.slice(0, 8)}, last accepted receipt ${byReceipts.slice(0, 8)}`);
      else if (byReceipts !== byLedger) reordered.push(t.name);
      if (!s?.frozen?.archive) {
        evidence.push(`${t.name}: no archive`);
        continue;
      }
      const res = await fetchArtifact(wire, l.owner.key, t.id);
      const sha256 = createHash('sha256').update(res.bytes).digest('hex');
      const marker = main.find((x) => x.after === s.frozen.sha)?.marker ?? null;
      if (sha256 !== s.frozen.archive.sha256 || res.headerSha256 !== sha256) evidence.push(`${t.name}: archive sha256 ${sha256.slice(0, 12)}, recorded ${s.frozen.archive.sha256.slice(0, 12)}, header ${res.headerSha256?.slice(0, 12)}`);
      else if (res.sha !== s.frozen.sha) evidence.push(`${t.name}: archive of ${res.sha}, frozen ${s.frozen.sha}`);
      else if (s.frozen.archive.name !== `submission-${s.frozen.sha.slice(0, 12)}.tar.gz`) evidence.push(`${t.name}: archive named ${s.frozen.archive.name}`);
      else if (marker && !gunzipSync(res.bytes).includes(Buffer.from(marker))) evidence.push(`${t.name}: the archive lacks the pushed commit's content`);
    }
    const { rows } = await pool.query(`select project_id, count(*)::int as n, count(distinct archive_sha256)::int as a from app.submissions where event_id = $1 group by 1`, [l.eventId]);
    for (const r of rows) if (r.n !== 1 || r.a !== 1) evidence.push(`project ${r.project_id}: ${r.n} submissions, ${r.a} archives`);
    if (rows.length !== l.teams.length) evidence.push(`${rows.length} submissions for ${l.teams.length} teams`);
    add('every team frozen on the right submission', problems, `${l.teams.length} teams frozen, each on its last accepted push received before the freeze (or its template)` +
      (reordered.length ? `; ${reordered.length} of them on an older push than their last, whose delivery was received after a later one (${reordered.slice(0, 3).join(', ')})` : ''));
    add('every frozen team has one evidence archive with the right sha256', evidence, `${l.teams.length} archives downloaded, sha256 recomputed, pushed content found`);
  }

  // 4. Posts and requests stored once; seen on the organizer's stream once.
  {
    const problems: string[] = [];
    const ids = l.posts.map((x) => x.id);
    const { rows } = await pool.query(`select id, body from app.chat_posts where kind = 'post' and body like '%[sim %'`);
    const byId = new Map(rows.map((r) => [r.id as string, r.body as string]));
    for (const x of l.posts) if (byId.get(x.id) !== x.body) problems.push(`post ${x.id} (${x.via}) not stored as acknowledged`);
    const bodies = new Map<string, number>();
    for (const r of rows) bodies.set(r.body, (bodies.get(r.body) ?? 0) + 1);
    for (const [b, n] of bodies) if (n > 1) problems.push(`stored ${n} times: ${b.slice(0, 60)}`);
    if (rows.length !== ids.length) problems.push(`${rows.length} posts stored for ${ids.length} acknowledged`);
    const reqRows = (await pool.query(`select id, title, status from app.help_requests where event_id = $1`, [l.eventId])).rows;
    for (const x of l.requests) {
      const mine = reqRows.filter((r) => r.title === x.title);
      if (mine.length !== 1 || mine[0].id !== x.id) problems.push(`request ${x.title.slice(-16)}: stored ${mine.length} times`);
      else if (x.resolved && mine[0].status !== 'resolved') problems.push(`request ${x.id} is ${mine[0].status}`);
    }
    if (reqRows.length !== l.requests.length) problems.push(`${reqRows.length} requests stored for ${l.requests.length} acknowledged`);
    add('every accepted post and request is stored exactly once', problems, `${l.posts.length} posts (${l.posts.filter((x) => x.via === 'cli').length} by the CLI), ${l.requests.length} requests claimed and resolved`);

    const org = l.streams[0];
    const s: string[] = [];
    if (org) {
      // The organizer reads every channel: every post (request thread replies and cards too).
      await waitFor(() => l.posts.every((x) => org.seen.has(x.id)), 30_000);
      const missing = l.posts.filter((x) => !org.seen.has(x.id));
      if (missing.length) s.push(`${missing.length} posts never arrived on the organizer's stream (e.g. ${missing[0]!.id})`);
    }
    for (const f of l.streams) if (f.duplicates.length) s.push(`a stream received ${f.duplicates.length} posts twice`);
    add('every post reached the open event streams once', s, `${l.streams.length} streams, ${l.streams.reduce((n, f) => n + f.reconnects, 0)} reconnects with Last-Event-ID, 0 lost, 0 twice`);
  }

  // 5. Ballots stored once, as acknowledged; results equal an independent recount.
  {
    const problems: string[] = [];
    const { rows } = await pool.query(
      `select v.email, b.state, b.ranking::text[] as ranking from app.vote_ballots b join app.vote_voters v on v.id = b.voter_id where b.event_id = $1`, [l.eventId]);
    const byEmail = new Map<string, any[]>();
    for (const r of rows) byEmail.set(r.email, [...(byEmail.get(r.email) ?? []), r]);
    for (const [email, b] of l.ballots) {
      const mine = byEmail.get(email) ?? [];
      if (mine.length !== 1) problems.push(`${email}: ${mine.length} ballots`);
      else if (mine[0].state !== 'submitted' || mine[0].ranking.join(',') !== b.ranking.join(',')) problems.push(`${email}: ${mine[0].state}, ranking differs from the acknowledged one`);
    }
    if (rows.length !== l.ballots.size) problems.push(`${rows.length} ballots stored for ${l.ballots.size} voters acknowledged`);
    add('every accepted ballot is stored exactly once', problems, `${l.ballots.size} ballots, each the last acknowledged ranking`);

    const res: string[] = [];
    const server = l.result;
    const file = {
      format: EXPORT_FORMAT, eligibilityVersion: l.eligibilityVersion,
      candidates: l.teams.map((t) => ({ projectId: t.id, name: t.name })),
      ballots: [...l.ballots.values()].map((b) => b.ranking),
    };
    const mine = tally(file);
    if (!server) res.push('no result');
    else {
      if (server.digest !== mine.digest) res.push(`digest ${server.digest}, recount ${mine.digest}`);
      for (const row of mine.rows) {
        const s = server.rows.find((r: any) => r.projectId === row.projectId);
        if (!s || s.rank !== row.rank || s.fraction !== row.fraction || s.ballots !== row.ballots || s.score !== row.score) {
          res.push(`${row.name}: server ${s ? `${s.rank} ${s.fraction} ${s.ballots}` : 'missing'}, recount ${row.rank} ${row.fraction} ${row.ballots}`);
        }
      }
      const ties = (t: { rank: number; projectIds: string[] }[]) => JSON.stringify(t.map((x) => [x.rank, [...x.projectIds].sort()]));
      if (ties(server.ties) !== ties(mine.ties)) res.push('ties differ');
      if (server.coverage?.submitted !== l.ballots.size) res.push(`coverage ${server.coverage?.submitted} submitted, ledger ${l.ballots.size}`);
    }
    add('results equal an independent recount of the acknowledged ballots', res, `${mine.rows.length} candidates, ${mine.ballots} ballots, digest ${mine.digest}`);
  }

  // 6. Decks: the run done, one deck version per job.
  {
    const problems: string[] = [];
    if (!l.run) problems.push('no run');
    else {
      const r = (await wire.call('decks run', 'GET', `/api/v1/event/decks/runs/${l.run.id}`, O)).body;
      const c = r.run.counts;
      if (r.run.status !== 'done' || c.failed || c.review !== 2 * l.teams.length) problems.push(`run ${r.run.status}: ${JSON.stringify(c)}`);
      const per = await pool.query(`select j.id, count(g.id)::int as n from app_private.generation_jobs j left join app_private.generated_decks g on g.job_id = j.id where j.run_id = $1 group by j.id`, [l.run.id]);
      for (const x of per.rows) if (x.n !== 1) problems.push(`job ${x.id}: ${x.n} generated decks`);
      const versions = await pool.query(`select d.id, d.current_version, (select count(*)::int from app.deck_versions v where v.deck_id = d.id) as n
        from app.decks d join app_private.generated_deck_targets gt on gt.deck_id = d.id`);
      for (const x of versions.rows) if (x.current_version !== 1 || x.n !== 1) problems.push(`deck ${x.id}: ${x.n} versions`);
    }
    add('every team has its two generated decks, one version each', problems, `${2 * l.teams.length} decks generated, reviewed and released`);
  }

  // 7. Sign-ins.
  add('every emailed-code sign-in completed', l.logins.length === expectedLogins ? [] : [`${l.logins.length} of ${expectedLogins}`], `${l.logins.length} sign-ins (code by SMTP, login wall in Redis)`);

  // 8. No replica died on its own: each one runs, started once plus once per kill of it.
  {
    const problems: string[] = [];
    for (const r of [...svc.apis, ...svc.workers]) {
      const kills = faults.filter((f) => f.target.startsWith(`${r.opts.role} ${r.url} `)).length;
      if (!running(r)) problems.push(`${r.opts.role} ${r.url} is not running (exit ${JSON.stringify(r.exit)})`);
      else if (r.starts !== 1 + kills) problems.push(`${r.opts.role} ${r.url} started ${r.starts} times for ${kills} kill(s)`);
    }
    add('no replica died on its own', problems, `${svc.apis.length} api and ${svc.workers.length} worker replicas running, restarted only after their kills`);
  }

  // 9. The job queue: empty, nothing locked, nothing given up.
  {
    const problems: string[] = [];
    let q: any = null;
    const deadline = Date.now() + 180_000;
    for (;;) {
      q = (await pool.query(`select count(*)::int as n, count(*) filter (where locked_at is not null)::int as locked,
        count(*) filter (where attempts >= max_attempts)::int as failed, string_agg(distinct task_identifier, ', ') as tasks from graphile_worker.jobs`)).rows[0];
      if (q.n === 0 || Date.now() > deadline) break;
      await sleep(1_000);
    }
    if (q.n) {
      // Each left job as the queue holds it, so a recurrence says which and why.
      const { rows: left } = await pool.query(`select task_identifier as task, key, attempts, max_attempts as max, locked_at is not null as locked,
        left(last_error, 120) as error from graphile_worker.jobs order by id limit 5`);
      problems.push(`${q.n} job(s) left (${q.tasks}): ${q.locked} locked, ${q.failed} failed for good: ${JSON.stringify(left)}`);
    }
    add('no job lost or stuck', problems, 'graphile_worker.jobs empty, no lock left');
  }
  return checks;
}

async function fetchArtifact(wire: Wire, key: string, project: string): Promise<{ bytes: Buffer; headerSha256: string | null; sha: string | null }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${wire.base()}/api/v1/submissions/${project}/artifact`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(60_000) });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`artifact ${project}: HTTP ${res.status} ${bytes.toString().slice(0, 200)}`);
      return { bytes, headerSha256: res.headers.get('x-podium-archive-sha256'), sha: res.headers.get('x-podium-sha') };
    } catch (err) {
      if (attempt >= 5) throw err;
      await sleep(1_000);
    }
  }
}

async function waitFor(fn: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!fn() && Date.now() < end) await sleep(100);
}

/** The run's figures (printed, never asserted). */
export async function figures(svc: Services, wire: Wire, l: Ledger, faults: FaultRecord[]): Promise<{ figures: Figure[]; faultRows: string[][] }> {
  const out: Figure[] = [];
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const intake = l.pushes.filter((x) => x.phase === 'intake');
  const perSecond = new Map<number, number>();
  for (const x of intake) perSecond.set(Math.floor(x.endAt / 1000), (perSecond.get(Math.floor(x.endAt / 1000)) ?? 0) + 1);
  const span = intake.length ? (Math.max(...intake.map((x) => x.endAt)) - Math.min(...intake.map((x) => x.endAt))) / 1000 : 0;
  out.push({ name: 'pushes per second at the peak (git over HTTP)', value: `${Math.max(0, ...perSecond.values())}/s peak second; ${intake.length} pushes in ${span.toFixed(1)} s (${(intake.length / Math.max(span, 1)).toFixed(1)}/s mean)` });

  const { rows } = await svc.pool.query(`select repository, ref, sha, received_at from app.submission_receipts where event_id = $1 and kind = 'push'`, [l.eventId]);
  const lat: number[] = [];
  for (const x of l.pushes) {
    const r = rows.find((y) => y.repository === x.repository && y.ref === x.ref && y.sha === x.after);
    if (r) lat.push(Math.max(0, new Date(r.received_at).getTime() - x.offsetMs - x.endAt));
  }
  out.push({ name: 'webhook: push returned -> receipt recorded', value: `p50 ${ms(percentile(lat, 50))}, p99 ${ms(percentile(lat, 99))}, max ${ms(Math.max(0, ...lat))} (${lat.length} pushes; faults included)` });
  out.push({ name: `capture makespan (${l.teams.length} teams)`, value: `${((l.capture.done - l.capture.started) / 1000).toFixed(1)} s from the freeze sweep to every team frozen` });
  if (l.run) out.push({ name: 'generated decks per minute', value: `${l.run.decks} decks in ${((l.run.done - l.run.started) / 1000).toFixed(1)} s (${(l.run.decks / ((l.run.done - l.run.started) / 60000)).toFixed(1)}/min)` });
  const org = l.streams[0];
  const fan = org ? l.posts.map((x) => org.seen.get(x.id)).map((seen, i) => (seen === undefined ? NaN : Math.max(0, seen - l.posts[i]!.ackAt))).filter((x) => !Number.isNaN(x)) : [];
  out.push({ name: 'post fan-out: accepted -> seen on an open stream', value: `p50 ${ms(percentile(fan, 50))}, p99 ${ms(percentile(fan, 99))} (${fan.length} posts, organizer's stream)` });
  const ballots = [...l.ballots.values()].map((b) => b.ms);
  out.push({ name: 'ballot submission (client-side, retries included)', value: `p50 ${ms(percentile(ballots, 50))}, p99 ${ms(percentile(ballots, 99))} (${ballots.length} ballots)` });
  const logins = l.logins.map((x) => x.ms);
  if (logins.length) out.push({ name: 'emailed-code sign-in (request -> mail -> key)', value: `p50 ${ms(percentile(logins, 50))}, max ${ms(Math.max(...logins))}` });
  out.push({ name: 'request errors the clients saw and retried', value: `${wire.errors.length} (${summarize(wire.errors.map((e) => e.kind))})` });

  // A fault's errors: from its start until 2 minutes after its mend, cut short where the
  // next phase's faults begin (faults of one phase overlap and share what they caused).
  const faultRows = faults.map((f) => {
    const next = Math.min(...faults.filter((g) => g.phase !== f.phase && g.start > f.start).map((g) => g.start), Infinity);
    const until = Math.min(f.end + 120_000, next);
    const window = wire.errors.filter((e) => e.at >= f.start && e.at <= until);
    const last = window.length ? Math.max(...window.map((e) => e.at)) : null;
    return [
      f.kind, f.phase, f.target, `${((f.end - f.start) / 1000).toFixed(1)} s`,
      window.length ? summarize(window.map((e) => `${e.op} ${e.kind}`)) : 'none',
      last === null ? '0.0 s' : `${(Math.max(0, last - f.end) / 1000).toFixed(1)} s`,
      f.note || '-',
    ];
  });
  return { figures: out, faultRows };
}

function summarize(kinds: string[]): string {
  const m = new Map<string, number>();
  for (const k of kinds) m.set(k, (m.get(k) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} ${k}`).join(', ');
}
