// The scripted hackathon, compressed in time by the test clock (PUT /api/v1/test/clock):
// roster and keys, provisioning on the local code host, every team pushing in the last
// minutes (bursts, a wrong branch, replays), the freeze and the captures (late pushes
// beside them), generated decks reviewed and released, feed and team chats, help requests,
// eligibility, ballots, results. People act through the REST API (a few through the built
// `hackathon` CLI); the faults fire at seeded moments of the phases. Everything the server
// acknowledged goes into the client's own ledger, which checks.ts compares with the server.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signBody, webhookSecret } from '../../core/codehost/webhook.ts';
import * as seed from '../harness/seed.ts';
import { codeIn } from '../harness/smtp.ts';
import { pool as inParallel, WireError, type Wire } from './client.ts';
import type { FaultInjector, FaultKind } from './faults.ts';
import type { Prng } from './prng.ts';
import type { Services } from './services.ts';
import { StreamFollower } from './stream.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const iso = (ms: number) => new Date(ms).toISOString();

export interface Params {
  seed: number;
  teams: number;
  teamSize: number;
  advisors: number;
  pushesPerTeam: [number, number]; // before the freeze, per team (min, max)
  wrongBranchTeams: number;
  latePushTeams: number;
  replays: number;
  feedPosts: number;
  teamPosts: number;
  requests: number;
  streams: number; // open event streams (organizer + participants)
  resubmitShare: number; // voters who submit a second ranking
  cliPeople: number; // people acting through the built hackathon CLI
  logins: number; // emailed-code sign-ins (SMTP + the login wall in Redis)
  concurrency: number; // REST calls at once
  gitConcurrency: number; // git processes at once
}

export interface PushRec {
  team: string | null;
  repository: string;
  ref: string;
  before: string;
  after: string;
  marker: string; // text of the commit's file: found in the evidence archive
  endAt: number; // git push returned (Date.now())
  offsetMs: number; // the clock offset then (server instant = real + offset)
  phase: 'template' | 'intake' | 'late';
  attempts: number;
}

export interface Team {
  name: string;
  id: string;
  repository: string;
  members: Person[];
  templateSha: string;
  workDir: string;
}

export interface Person {
  email: string;
  key: string;
  login: string;
  team: string | null;
}

export interface Ledger {
  eventId: string;
  owner: Person;
  teams: Team[];
  advisors: Person[];
  pushes: PushRec[];
  replays: { repository: string; ref: string; after: string; status: number; duplicate: boolean }[];
  posts: { id: string; channelId: string; body: string; ackAt: number; via: 'rest' | 'cli' }[];
  requests: { id: string; teamId: string; title: string; resolved: boolean }[];
  logins: { email: string; keyPrefix: string; ms: number }[];
  ballots: Map<string, { ranking: string[]; ms: number }>; // voter email -> last acknowledged
  eligibilityVersion: number;
  result: any;
  run: { id: string; started: number; done: number; decks: number } | null;
  capture: { started: number; done: number };
  streams: StreamFollower[];
  phases: { name: string; start: number; end: number }[];
}

export interface ScenarioDeps {
  svc: Services;
  wire: Wire;
  faults: FaultInjector;
  rng: Prng; // the data: drawn only in program order, never from tasks running at once
  schedule: Prng; // the faults' moments
  p: Params;
  faultPlan: Record<string, FaultKind[]>; // phase -> faults fired in it
  log: (m: string) => void;
  hackathonBin: string;
}

function git(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'user.name=Sim', '-c', 'user.email=sim@sim.test', '-c', 'init.defaultBranch=main', ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: cwd, ...env },
      timeout: 120_000,
    }, (err, stdout, stderr) => (err ? reject(new Error(`git ${args[0]}: ${stderr || err.message}`)) : resolve(stdout.trim())));
  });
}

const authUrl = (base: string, repository: string, p: Person) => {
  const u = new URL(`${base}/git/${repository}.git`);
  u.username = p.login;
  u.password = p.key;
  return u.toString();
};

export async function runScenario(d: ScenarioDeps): Promise<Ledger> {
  const { svc, wire, rng, p, log } = d;
  let nonce = 0;
  const pool = svc.pool;
  const phases: Ledger['phases'] = [];
  const phase = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const start = Date.now();
    log(`phase ${name}...`);
    try {
      return await fn();
    } finally {
      phases.push({ name, start, end: Date.now() });
      log(`phase ${name} done in ${((Date.now() - start) / 1000).toFixed(1)} s`);
    }
  };
  /** Fires the phase's faults of these kinds, each after a seeded delay up to `jitterMs`. */
  const fire = (name: string, kinds: FaultKind[], jitterMs: number, task?: string) => {
    for (const kind of (d.faultPlan[name] ?? []).filter((k) => kinds.includes(k))) {
      const wait = d.schedule.int(0, jitterMs);
      void sleep(wait).then(() => d.faults.fire(kind, name, task));
    }
  };
  let offsetMs = 0;
  const clockTo = async (serverMs: number) => {
    offsetMs = serverMs - Date.now();
    await wire.call('clock', 'PUT', '/api/v1/test/clock', { body: { offsetSeconds: offsetMs / 1000 } });
  };
  const serverNow = () => Date.now() + offsetMs;
  const tag = (s: string) => `${s} [sim ${p.seed}-${++nonce}]`;

  // --- roster, keys ---------------------------------------------------------------------------
  const domain = `sim${p.seed}.test`;
  const org = `sim${p.seed}`;
  const ws = await seed.workspace(pool, `Sim ${p.seed}`);
  const ownerEmail = `owner@${domain}`;
  await seed.member(pool, ws.id, ownerEmail, 'owner', 'Olive Organizer');
  const owner: Person = { email: ownerEmail, key: (await seed.key(pool, ownerEmail, 'hackathon')).key, login: 'owner', team: null };
  const O = { key: owner.key };
  const teamNames = Array.from({ length: p.teams }, (_, i) => `Team ${String(i + 1).padStart(3, '0')}`);
  const people: Person[] = [];
  teamNames.forEach((team, t) => {
    for (let m = 0; m < p.teamSize; m++) people.push({ email: `p${t + 1}-${m + 1}@${domain}`, key: '', login: `u${p.seed}-${t + 1}-${m + 1}`, team });
  });
  const advisors: Person[] = Array.from({ length: p.advisors }, (_, i) => ({ email: `coach${i + 1}@${domain}`, key: '', login: `c${p.seed}-${i + 1}`, team: null }));
  const ledger: Ledger = {
    eventId: '', owner, teams: [], advisors, pushes: [], replays: [], posts: [], requests: [], logins: [], ballots: new Map(),
    eligibilityVersion: 0, result: null, run: null, capture: { started: 0, done: 0 }, streams: [], phases,
  };

  const start = Date.now() + HOUR;
  const buildEnd = start + 24 * HOUR;
  const freeze = buildEnd + 15 * MINUTE;
  const voteOpens = buildEnd + HOUR;
  const voteCloses = buildEnd + 3 * HOUR;

  await phase('setup', async () => {
    await inParallel([...people, ...advisors], p.concurrency, async (x) => {
      await seed.member(pool, ws.id, x.email, 'member', x.email.split('@')[0]);
      x.key = (await seed.key(pool, x.email, 'hackathon')).key;
    });
    const ev = await wire.call('event configure', 'PUT', '/api/v1/event', {
      ...O, idempotencyKey: true, ok: [201],
      body: { expectedVersion: 0, name: `Simulated Hack ${p.seed}`, timezone: 'UTC', startsAt: iso(start), buildEndsAt: iso(buildEnd), voteOpensAt: iso(voteOpens), voteClosesAt: iso(voteCloses) },
    });
    ledger.eventId = ev.body.event.id;
    await wire.call('event github', 'PUT', '/api/v1/event/github', { ...O, body: { organization: org, template: `${org}/template` } });
    await wire.call('event vote', 'PUT', '/api/v1/event/vote', { ...O, body: { on: true } });
    await wire.call('roster import', 'PUT', '/api/v1/event/roster', {
      ...O, body: { participants: [...people.map((x) => ({ email: x.email, team: x.team, name: x.email.split('@')[0] })), ...advisors.map((x) => ({ email: x.email, role: 'advisor' }))] },
    });
    // Participants name their code-host username themselves (connect --github); advisors
    // have no route for it (PUT /bootstrap/github is participants only): set as the operator.
    await inParallel(people, p.concurrency, (x) => wire.call('bootstrap github', 'PUT', '/bootstrap/github', { key: x.key, body: { login: x.login } }));
    for (const a of advisors) await pool.query('update app.roster_entries set github_login = $2 where lower(email) = $1', [a.email, a.login]);
  });

  // --- provisioning ---------------------------------------------------------------------------
  const work = path.join(svc.tmp, 'work');
  mkdirSync(work, { recursive: true });
  await phase('provisioning', async () => {
    // The organizer pushes the template over git (its delivery names no team repository).
    const tdir = path.join(work, 'template');
    mkdirSync(tdir);
    await git(tdir, ['init', '-q']);
    writeFileSync(path.join(tdir, 'README.md'), `# ${org} template\n`);
    writeFileSync(path.join(tdir, 'hackathon.json'), JSON.stringify({ version: 1, app: { compose: 'compose.yaml', service: 'web', port: 3000, readyPath: '/' } }, null, 2));
    await git(tdir, ['add', '.']);
    await git(tdir, ['commit', '-q', '-m', 'template']);
    const templateSha = await git(tdir, ['rev-parse', 'HEAD']);
    await git(tdir, ['push', '-q', authUrl(wire.base(), `${org}/template`, owner), 'HEAD:refs/heads/main']);
    ledger.pushes.push({ team: null, repository: `${org}/template`, ref: 'refs/heads/main', before: '0'.repeat(40), after: templateSha, marker: '', endAt: Date.now(), offsetMs, phase: 'template', attempts: 1 });
    const key = `sim-${p.seed}`;
    await wire.call('provision', 'POST', '/api/v1/admin/provision', { ...O, body: { key }, ok: [202] });
    const untilDone = async () => {
      for (;;) {
        const r = await wire.call('provision run', 'GET', `/api/v1/admin/provision/runs/${key}`, O);
        if (r.body.state === 'done') return r.body;
        await sleep(500);
      }
    };
    let run = await untilDone();
    const ids: Record<string, string> = Object.fromEntries((await pool.query('select name, id from app.projects where workspace_id = $1', [ws.id])).rows.map((r) => [r.name, r.id]));
    for (const [t, name] of teamNames.entries()) {
      const repo = run.teams.find((x: any) => x.project.id === ids[name] || x.project === ids[name] || x.project?.name === name);
      ledger.teams.push({ name, id: ids[name]!, repository: repo?.repository ?? '', members: people.filter((x) => x.team === name), templateSha, workDir: path.join(work, `team-${t + 1}`) });
    }
    await inParallel(people, p.concurrency, async (x) => {
      const b = await wire.call('bootstrap', 'GET', '/bootstrap', { key: x.key });
      const team = ledger.teams.find((t) => t.name === x.team)!;
      team.repository = b.body.repository.fullName;
      await wire.call('invitation accept', 'POST', '/api/v1/codehost/invitations/accept', { key: x.key, body: { repository: team.repository } });
    });
    await wire.call('provision', 'POST', '/api/v1/admin/provision', { ...O, body: { key }, ok: [202] });
    run = await untilDone();
    log(`provisioned: ${JSON.stringify(run.summary)}`);
  });

  // --- streams (organizer + participants) -----------------------------------------------------
  const followers = [owner, ...rng.shuffle(people).slice(0, Math.max(0, p.streams - 1))].map((x, i) => new StreamFollower(() => svc.liveApis(), x.key, i));
  for (const f of followers) f.start();
  ledger.streams = followers;

  // --- chats and requests: busy through the build's end, the freeze and the captures ----------
  const channels = new Map<string, string>(); // team name -> team chat id
  let generalId = '';
  const post = async (x: Person, channelId: string | null, text: string) => {
    const body = tag(text);
    const route = channelId ? `/api/v1/event/chats/${channelId}/posts` : '/api/v1/event/feed/posts';
    const r = await wire.call('post', 'POST', route, { key: x.key, body: { body }, idempotencyKey: true, ok: [201] });
    ledger.posts.push({ id: r.body.id, channelId: r.body.channelId, body, ackAt: Date.now(), via: 'rest' });
  };
  const chatter = async () => {
    const feed = p.feedPosts;
    const team = p.teamPosts;
    const total = feed + team;
    // Spread over the phase: at most ~10 posts per account per minute is the rule; people rotate.
    const order = rng.shuffle(Array.from({ length: total }, (_, i) => i));
    await inParallel(order, Math.max(2, Math.floor(p.concurrency / 4)), async (i) => {
      const x = people[(i * 7919) % people.length]!;
      if (i < feed) await post(x, null, `Feed note ${i} from ${x.email.split('@')[0]}: how is the build going?`);
      else await post(x, channels.get(x.team!)!, `Team note ${i}: pushed the latest, please pull`);
    });
  };
  const helpDesk = async () => {
    const openers = rng.shuffle(people).slice(0, p.requests);
    await inParallel(openers, Math.max(2, Math.floor(p.concurrency / 4)), async (x, i) => {
      const title = tag(`Help ${i}: the app does not start`);
      const r = await wire.call('request open', 'POST', '/api/v1/event/requests', { key: x.key, body: { title, body: 'It exits with code 1 at boot.' }, idempotencyKey: true, ok: [201] });
      const rec = { id: r.body.id as string, teamId: r.body.team.id as string, title, resolved: false };
      ledger.requests.push(rec);
      const coach = advisors[i % advisors.length]!;
      await wire.call('request claim', 'POST', `/api/v1/event/requests/${rec.id}/claim`, { key: coach.key });
      await post(coach, r.body.threadChannelId, `Looking at it now (${i})`);
      await wire.call('request resolve', 'POST', `/api/v1/event/requests/${rec.id}/resolve`, { key: coach.key });
      rec.resolved = true;
    });
  };

  // --- the last minutes of the build: every team pushes -----------------------------------------
  const pushOnce = async (team: Team, x: Person, ref: string, phaseName: PushRec['phase'], n: number) => {
    const marker = `sim ${p.seed} ${team.name} ${ref} push ${n}`;
    writeFileSync(path.join(team.workDir, 'SIM.txt'), marker + '\n');
    await git(team.workDir, ['add', 'SIM.txt']);
    await git(team.workDir, ['commit', '-q', '-m', `push ${n}`]);
    const after = await git(team.workDir, ['rev-parse', 'HEAD']);
    let before = '';
    for (let attempt = 1; ; attempt++) {
      const base = wire.base();
      try {
        if (!before) before = (await git(team.workDir, ['ls-remote', authUrl(base, team.repository, x), ref])).split(/\s/)[0] || '0'.repeat(40);
        await git(team.workDir, ['push', '-q', authUrl(base, team.repository, x), `HEAD:${ref}`]);
        ledger.pushes.push({ team: team.name, repository: team.repository, ref, before, after, marker, endAt: Date.now(), offsetMs, phase: phaseName, attempts: attempt });
        return;
      } catch (err) {
        wire.noteError('git push', /Connection refused|Failed to connect/.test((err as Error).message) ? 'net:ECONNREFUSED' : 'git:error');
        if (attempt >= 20) throw err;
        await sleep(500 * attempt);
      }
    }
  };

  await phase('pushes', async () => {
    await clockTo(buildEnd - 10 * MINUTE);
    generalId = (await wire.call('chats', 'GET', '/api/v1/event/chats', { key: people[0]!.key })).body.items.find((c: any) => c.kind === 'general').id;
    await inParallel(ledger.teams, p.concurrency, async (t) => {
      const r = await wire.call('chats', 'GET', '/api/v1/event/chats', { key: t.members[0]!.key });
      channels.set(t.name, r.body.items.find((c: any) => c.kind === 'team').id);
    });
    // Clones first (a person of each team, over git's smart HTTP with their key).
    await inParallel(ledger.teams, p.gitConcurrency, async (t) => {
      const x = t.members[0]!;
      await git(work, ['clone', '-q', authUrl(wire.base(), t.repository, x), t.workDir]);
    });
    fire('pushes', ['webhook-unreachable', 'redis-down'], 1_000);
    const chat = chatter();
    const help = helpDesk();
    const logins = signIns(d, people.slice(0, p.logins), ledger);
    // Bursts: each team pushes 1..n times, teams interleaved, in random order.
    const jobs: { team: Team; n: number }[] = [];
    for (const t of ledger.teams) {
      const k = rng.int(p.pushesPerTeam[0], p.pushesPerTeam[1]);
      for (let n = 1; n <= k; n++) jobs.push({ team: t, n });
    }
    const byTeam = new Map<string, number[]>();
    for (const j of rng.shuffle(jobs)) byTeam.set(j.team.name, [...(byTeam.get(j.team.name) ?? []), j.n]);
    const wrong = new Set(rng.shuffle(ledger.teams).slice(0, p.wrongBranchTeams).map((t) => t.name));
    const pushers = new Map(ledger.teams.map((t) => [t.name, (byTeam.get(t.name) ?? []).map(() => rng.pick(t.members))]));
    await inParallel(rng.shuffle(ledger.teams), p.gitConcurrency, async (t) => {
      const ns = (byTeam.get(t.name) ?? []).sort((a, b) => a - b);
      for (const [i, n] of ns.entries()) await pushOnce(t, pushers.get(t.name)![i]!, 'refs/heads/main', 'intake', n);
      if (wrong.has(t.name)) await pushOnce(t, t.members[0]!, 'refs/heads/feature', 'intake', 99);
    });
    await Promise.all([chat, help, logins]);
    await d.faults.settled();
    await cliActs(d, ledger, people.slice(-p.cliPeople), generalId);
    // Every accepted push is delivered before the clock moves on (the queued copies of
    // deliveries a fault cut off included): none of them is late by the simulation's doing.
    const deadline = Date.now() + 5 * MINUTE;
    for (let waited = 0; ; waited++) {
      const { rows } = await pool.query(`select repository, ref, sha from app.submission_receipts where event_id = $1 and kind = 'push'`, [ledger.eventId]);
      const have = new Set(rows.map((r) => `${r.repository} ${r.ref} ${r.sha}`));
      // The template push records a revision, never a receipt: not waited for.
      const missing = ledger.pushes.filter((x) => x.phase !== 'template' && !have.has(`${x.repository} ${x.ref} ${x.after}`));
      if (missing.length === 0) break;
      if (Date.now() > deadline) {
        log(`${missing.length} accepted push(es) still without a receipt after 5 minutes (the checks will name them)`);
        break;
      }
      if (waited % 60 === 59) log(`waiting for the receipts of ${missing.length} push(es)...`);
      await sleep(500);
    }
    // Replays: the code host redelivers delivered pushes under new delivery ids.
    const accepted = ledger.pushes.filter((x) => x.phase === 'intake' && x.ref === 'refs/heads/main').sort((a, b) => a.marker.localeCompare(b.marker));
    for (const x of rng.shuffle(accepted).slice(0, p.replays)) {
      const payload = JSON.stringify({ ref: x.ref, before: x.before, after: x.after, created: false, deleted: false, forced: false, commits: [],
        repository: { name: x.repository.split('/')[1], full_name: x.repository, private: true, owner: { name: org, login: org } }, organization: { login: org }, sender: { login: 'sim-replay' } });
      const r = await sendSigned(d, payload);
      ledger.replays.push({ repository: x.repository, ref: x.ref, after: x.after, status: r.status, duplicate: r.body?.duplicate === true });
    }
  });

  // --- the freeze, captures, late pushes ---------------------------------------------------------
  await phase('capture', async () => {
    await clockTo(freeze + MINUTE);
    ledger.capture.started = Date.now();
    const total = ledger.teams.length;
    await wire.call('reconcile', 'POST', '/api/v1/submissions/reconcile', O);
    fire('capture', ['storage-refuse', 'api-kill'], 500);
    fire('capture', ['worker-kill'], 0, 'submissions__capture');
    const late = rng.shuffle(ledger.teams).slice(0, p.latePushTeams);
    const latePushes = inParallel(late, p.gitConcurrency, (t) => pushOnce(t, t.members[0]!, 'refs/heads/main', 'late', 50));
    const chat = chatter();
    for (;;) {
      const r = await wire.call('submissions', 'GET', '/api/v1/submissions', O);
      const frozen = r.body.items.filter((x: any) => x.state === 'frozen').length;
      if (frozen === total) break;
      await sleep(300);
    }
    ledger.capture.done = Date.now();
    await Promise.all([latePushes, chat]);
    await d.faults.settled();
  });

  // --- generated decks: run, review, release --------------------------------------------------
  const views = new Map<string, string>(); // team id -> community deck view
  await phase('decks', async () => {
    const started = Date.now();
    const r = await wire.call('decks generate', 'POST', '/api/v1/event/decks/runs', { ...O, body: {}, idempotencyKey: true, ok: [201] });
    const runId = r.body.run.id as string;
    fire('decks', ['api-kill'], 500);
    fire('decks', ['worker-kill'], 0, 'decks__generate');
    let run: any;
    for (;;) {
      run = (await wire.call('decks run', 'GET', `/api/v1/event/decks/runs/${runId}`, O)).body;
      if (run.run.status === 'done') break;
      await sleep(500);
    }
    ledger.run = { id: runId, started, done: Date.now(), decks: run.run.counts.review };
    await d.faults.settled();
    const decks = (await wire.call('decks list', 'GET', '/api/v1/event/decks', O)).body.items as any[];
    await inParallel(decks.filter((x) => x.review === 'pending'), p.concurrency, (x) =>
      wire.call('decks review', 'POST', `/api/v1/event/decks/${x.id}/review`, { ...O, body: { decision: 'approve' } }));
    await inParallel(ledger.teams, p.concurrency, async (t) => {
      const rel = await wire.call('decks release', 'POST', '/api/v1/event/decks/releases', { ...O, body: { projectId: t.id } });
      const community = [...rel.body.released, ...rel.body.unchanged].find((x: any) => x.kind === 'community');
      if (community?.view) views.set(t.id, community.view);
    });
    // Each team puts its community deck up as its vote presentation.
    await inParallel(ledger.teams, p.concurrency, async (t) => {
      const view = views.get(t.id);
      if (!view) throw new Error(`${t.name}: no released community deck view`);
      await wire.call('deck links', 'PATCH', '/api/v1/event/deck-links', { key: t.members[0]!.key, body: { vote: view } }); // the instance's own share link, http or not
    });
  });

  // --- the vote -------------------------------------------------------------------------------
  await phase('vote', async () => {
    await clockTo(buildEnd + 30 * MINUTE);
    await wire.call('roster lock', 'PUT', '/api/v1/event/roster/lock', O);
    const locked = await wire.call('eligibility lock', 'PUT', '/api/v1/community/eligibility/lock', { ...O, body: { confirmedProjects: ledger.teams.map((t) => t.id) } });
    ledger.eligibilityVersion = locked.body.version;
    await clockTo(voteOpens + MINUTE);
    await wire.call('voting open', 'POST', '/api/v1/community/voting/open', O);
    const all = ledger.teams.map((t) => t.id);
    // Every ranking drawn first, in order: the same seed gives the same ballots.
    const voters = rng.shuffle(people).map((x) => {
      const own = ledger.teams.find((t) => t.name === x.team)!.id;
      const rankings = [rng.shuffle(all.filter((id) => id !== own))];
      if (rng.chance(p.resubmitShare)) rankings.push(rng.shuffle(all.filter((id) => id !== own)));
      return { x, rankings };
    });
    const submit = async (x: Person, ranking: string[], revision: number) => {
      const r = await wire.call('ballot submit', 'POST', '/api/v1/community/ballot/submission', {
        key: x.key, idempotencyKey: true, body: { ranking, eligibilityVersion: ledger.eligibilityVersion, expectedRevision: revision },
      });
      ledger.ballots.set(x.email, { ranking, ms: r.ms });
      return r.body.revision as number;
    };
    // Half the ballots, then PostgreSQL restarts under the other half.
    const half = Math.ceil(voters.length / 2);
    const ballots = async (vs: typeof voters) => inParallel(vs, p.concurrency, async ({ x, rankings }) => {
      let rev = 0;
      for (const ranking of rankings) rev = await submit(x, ranking, rev);
    });
    await ballots(voters.slice(0, half));
    fire('vote', ['postgres-restart'], 0);
    await sleep(300);
    await ballots(voters.slice(half));
    await d.faults.settled();
    await clockTo(voteCloses - MINUTE);
    await wire.call('voting close', 'POST', '/api/v1/community/voting/close', O);
    const calc = await wire.call('results calculate', 'POST', '/api/v1/community/results', { ...O, ok: [200, 201] });
    await wire.call('results release', 'PUT', `/api/v1/community/results/${calc.body.version}/release`, O);
    ledger.result = calc.body.result ?? (await wire.call('results', 'GET', '/api/v1/community/results', O)).body.items[0];
  });

  await Promise.all(followers.map((f) => f.stop()));
  return ledger;
}

async function sendSigned(d: ScenarioDeps, body: string): Promise<{ status: number; body: any }> {
  const eventId = (await d.svc.pool.query('select id from app.events order by created_at desc limit 1')).rows[0].id;
  const res = await fetch(`${d.svc.webhook.url}/webhooks/github/${eventId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': `sim-replay-${randomUUID()}`,
      'x-hub-signature-256': signBody(webhookSecret(d.svc.authSecret, eventId), body),
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Emailed-code sign-ins (the login wall counts them in Redis; the code comes by SMTP). */
async function signIns(d: ScenarioDeps, who: Person[], ledger: Ledger): Promise<void> {
  for (const x of who) {
    const t0 = performance.now();
    for (let attempt = 1; ; attempt++) {
      const mailsBefore = d.svc.smtp.mails.filter((m) => m.to.includes(x.email)).length;
      try {
        await d.wire.call('login request', 'POST', '/api/v1/cli/auth/request', { body: { email: x.email, tool: 'hackathon' }, deadlineMs: 5_000 });
        const deadline = Date.now() + 60_000;
        let mail;
        while (!(mail = d.svc.smtp.mails.filter((m) => m.to.includes(x.email))[mailsBefore]) && Date.now() < deadline) await sleep(100);
        if (!mail) throw new Error('no code mail within 60 s');
        const r = await d.wire.call('login complete', 'POST', '/api/v1/cli/auth/complete', { body: { email: x.email, code: codeIn(mail), tool: 'hackathon' }, ok: [201], deadlineMs: 5_000 });
        ledger.logins.push({ email: x.email, keyPrefix: String(r.body.key).slice(0, 4), ms: performance.now() - t0 });
        break;
      } catch (err) {
        if (err instanceof WireError && err.status < 500 && err.status !== 429) throw err;
        if (attempt >= 60) throw err;
        await sleep(1_000);
      }
    }
    await sleep(500);
  }
}

/** A few people act through the built `hackathon` binary: status, then a feed post. */
async function cliActs(d: ScenarioDeps, ledger: Ledger, who: Person[], generalId: string): Promise<void> {
  const run = (x: Person, args: string[]) => new Promise<string>((resolve, reject) => {
    const cfg = path.join(d.svc.tmp, 'cli', x.email);
    mkdirSync(cfg, { recursive: true });
    execFile(process.execPath, [d.hackathonBin, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: cfg, XDG_CONFIG_HOME: cfg, EVENT_URL: d.wire.base(), EVENT_API_KEY: x.key },
      timeout: 60_000,
    }, (err, stdout, stderr) => (err ? reject(new Error(`hackathon ${args.join(' ')}: ${stderr || err.message}`)) : resolve(stdout)));
  });
  for (const x of who) {
    for (let attempt = 1; ; attempt++) {
      try {
        const status = JSON.parse(await run(x, ['event', 'status', '--json']));
        if (status.role !== 'participant') throw new Error(`hackathon event status: role ${status.role}`);
        const body = `CLI note from ${x.email.split('@')[0]} [sim ${d.p.seed}-cli-${attempt}]`;
        const out = await run(x, ['feed', 'post', body]);
        const m = /^Posted (\S+) at (\S+)/m.exec(out);
        if (!m) throw new Error(`hackathon feed post printed: ${out}`);
        ledger.posts.push({ id: m[1]!, channelId: generalId, body, ackAt: Date.now(), via: 'cli' });
        break;
      } catch (err) {
        d.wire.noteError('cli', 'cli:error');
        if (attempt >= 5) throw err;
        await sleep(1_000 * attempt);
      }
    }
  }
}
