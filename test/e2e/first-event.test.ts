// The first event on the default install, as a newcomer runs it: one fresh `podium start`
// with the default settings (no EMAIL_DRIVER: mail goes to the outbox; the local code host;
// plain http), then only the commands README.md, docs/CLIENTS.md and `--help` name. Every
// mail is read from the outbox with `podium mail`; the clock moves only through the
// documented test clock (PODIUM_TEST_MODE). No SQL, no hand-made request but the pages a
// browser would post. Each step names itself so a failure says where the path broke.
import test, { type ExecutionContext } from 'ava';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { git } from '../helpers/codehost.ts';
import { createEmptyDatabase } from '../helpers/db.ts';
import { http, setClock } from '../helpers/http.ts';
import { until } from '../helpers/until.ts';

const NODE = process.execPath;
const root = path.resolve('.');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-first-event-'));
const db = await createEmptyDatabase('podium_fe');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Serves the instance: `podium start` with nothing set but where the data lives. */
function serve(): { child: ChildProcess; out: () => string } {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dataDir, DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: '0', PODIUM_TEST_MODE: '1', LOG_LEVEL: 'info' };
  const child = spawn(NODE, ['cli/podium/bin.js', 'start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  return { child, out: () => out };
}

function spawnRun(argv: string[], env: NodeJS.ProcessEnv, opts: { cwd?: string; stdin?: string } = {}): { write(s: string): void; end(): void; done: Promise<Run> } {
  const child = spawn(NODE, argv, { cwd: opts.cwd ?? root, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  const done = new Promise<Run>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    }),
  );
  if (opts.stdin !== undefined) child.stdin.end(opts.stdin);
  return { write: (s) => child.stdin.write(s), end: () => child.stdin.end(), done };
}

/** The operator's command on the same instance (same DATABASE_URL and DATA_DIR as the server). */
async function podium(args: string[], stdin?: string): Promise<Run> {
  const env = { PATH: process.env.PATH, HOME: dataDir, DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  return spawnRun(['cli/podium/bin.js', ...args], env, { stdin }).done;
}

/** One person on their own machine: a home of their own for both clients' profiles. */
class Person {
  readonly home: string;
  constructor(readonly email: string, readonly name: string) {
    this.home = mkdtempSync(path.join(os.tmpdir(), `fe-${name.toLowerCase()}-`));
  }
  env(): NodeJS.ProcessEnv {
    return { PATH: process.env.PATH, HOME: this.home, XDG_CONFIG_HOME: path.join(this.home, '.config'), GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' };
  }
  hackathon(args: string[], opts: { cwd?: string; stdin?: string } = {}) {
    return spawnRun([path.join(root, 'dist/hackathon.mjs'), ...args], this.env(), opts).done;
  }
  deckcli(args: string[], opts: { cwd?: string; stdin?: string } = {}) {
    return spawnRun([path.join(root, 'dist/deckcli.mjs'), ...args], this.env(), opts).done;
  }
  git(cwd: string, args: string[]) {
    return execRun('git', ['-c', 'user.name=Someone', '-c', 'user.email=someone@x.test', ...args], cwd, this.env());
  }
  /** A command line as they would paste it into their shell: no client on PATH (npx's folders and the checkout's node_modules left out). */
  shell(cwd: string, line: string) {
    const bare = (process.env.PATH ?? '').split(path.delimiter).filter((d) => !d.includes('node_modules') && !d.includes(root)).join(path.delimiter);
    return execRun('sh', ['-c', line], cwd, { ...this.env(), PATH: bare });
  }
}

function execRun(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise<Run>((resolve) =>
    execFile(cmd, args, { cwd, env }, (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr })),
  );
}

let server: ReturnType<typeof serve>;
let base = '';

test.before(async () => {
  server = serve();
  base = await until('podium start to listen', async () => {
    const line = server.out().split('\n').find((l) => l.includes('podium listening'));
    if (!line) return null;
    const url = /"url":"(http:\/\/[^"]+)"/.exec(line)?.[1] ?? /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
    if (!url) return null;
    return (await http(url, 'GET', '/api/v1/health').catch(() => ({ status: 0 }))).status === 200 ? url : null;
  }, 150_000, 200);
});

test.after.always(async () => {
  server?.child.kill('SIGINT');
  await new Promise((r) => server?.child.once('close', r));
  await db.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

/** Mails in the outbox to `to` (newest first), read with `podium mail list --json`. */
async function outbox(to: string): Promise<Array<{ id: string; to: string; subject: string }>> {
  const r = await podium(['mail', 'list', '--to', to, '--json']);
  if (r.code !== 0) throw new Error(`podium mail list failed: ${r.stderr}`);
  const parsed = JSON.parse(r.stdout);
  return parsed.items ?? parsed;
}

/** Waits for the `n`th mail to `to` whose subject matches, and answers its text (`podium mail show`). */
async function mail(to: string, subject: RegExp, seen = 0): Promise<string> {
  const m = await until(`a mail to ${to} matching ${subject}`, async () => {
    const items = (await outbox(to)).filter((x) => subject.test(x.subject));
    return items.length > seen ? items[0] : null;
  }, 60_000, 250);
  const r = await podium(['mail', 'show', m.id]);
  if (r.code !== 0) throw new Error(`podium mail show failed: ${r.stderr}`);
  return r.stdout;
}

const codeIn = (text: string) => {
  const m = /^\s*(\d{6})\s*$/m.exec(text);
  if (!m) throw new Error(`no code in the mail:\n${text}`);
  return m[1];
};

/** `hackathon login` with the emailed code, read from the outbox as the person would. */
async function signIn(p: Person, tool: 'hackathon' | 'deckcli', t: ExecutionContext): Promise<void> {
  const before = (await outbox(p.email)).filter((x) => /code/i.test(x.subject)).length;
  const args = tool === 'hackathon' ? ['login', '--api-url', base, '--email', p.email] : ['login', '--api-url', base, '--email', p.email];
  const proc = spawnRun([path.join(root, `dist/${tool}.mjs`), ...args], p.env());
  const text = await mail(p.email, /code/i, before);
  proc.write(codeIn(text) + '\n');
  proc.end();
  const r = await proc.done;
  t.is(r.code, 0, `${tool} login of ${p.email}: ${r.stderr}`);
  t.regex(r.stderr + r.stdout, /outbox/i, 'the sign-in answer says the code waits in the outbox');
}

/** Signs in on the sign-in page with an emailed code from the outbox: answers the session cookie. */
async function pageSignIn(p: Person): Promise<string> {
  const form = (body: Record<string, string>) => ({ method: 'POST', redirect: 'manual' as const, headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
  const before = (await outbox(p.email)).filter((x) => /code/i.test(x.subject)).length;
  const asked = await fetch(`${base}/signin/code`, form({ email: p.email, next: '/event' }));
  if (asked.status !== 200) throw new Error(`the code page answered ${asked.status}`);
  const code = codeIn(await mail(p.email, /code/i, before));
  const verified = await fetch(`${base}/signin/code/verify`, form({ email: p.email, code, next: '/event' }));
  const set = verified.headers.getSetCookie().find((c) => c.startsWith('podium_session='));
  if (!set) throw new Error(`no session after the code (${verified.status})`);
  return set.split(';')[0];
}

function ok(t: ExecutionContext, r: Run, what: string): Run {
  t.is(r.code, 0, `${what}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`);
  if (r.code !== 0) throw new Error(`${what} failed (exit ${r.code}): ${r.stderr}`);
  return r;
}

async function serverTime(): Promise<number> {
  const r = await http(base, 'GET', '/api/v1/instance');
  return Date.parse(r.headers.get('date') ?? new Date().toUTCString());
}

test.serial('a whole event on the default install, first try', async (t) => {
  t.timeout(20 * 60_000);
  // 1. The operator: the banner says where mail goes and prints the setup link.
  t.regex(server.out(), /outbox/i, 'the boot banner says where mail goes');
  t.regex(server.out(), /\/setup\?token=/, 'the boot banner prints the setup link');
  const olive = new Person('olive@acme.test', 'Olive');
  ok(t, await podium(['setup', '--workspace', 'Acme', '--email', olive.email, '--name', 'Olive', '--password-stdin'], 'correct horse battery staple\n'), 'podium setup');
  await signIn(olive, 'hackathon', t);

  // 2. The event: schedule, programme, roster with an advisor and a juror.
  const now = await serverTime();
  const at = (min: number) => new Date(now + min * 60_000).toISOString();
  ok(t, await olive.hackathon(['event', 'configure', '--expected-version', '0', '--name', 'Spring Hack', '--timezone', 'Europe/Berlin',
    '--starts-at', at(60), '--build-ends-at', at(60 * 25), '--vote-opens-at', at(60 * 25 + 30), '--vote-closes-at', at(60 * 27)]), 'event configure');
  const agenda = path.join(olive.home, 'agenda.json');
  writeFileSync(agenda, JSON.stringify({ items: [{ title: 'Kick-off', kind: 'talk', startsAt: at(60) }, { title: 'Demos', kind: 'presentations', startsAt: at(60 * 26) }] }));
  ok(t, await olive.hackathon(['event', 'agenda', 'set', '--file', agenda]), 'event agenda set');
  const ann = new Person('ann@acme.test', 'Ann');
  const bob = new Person('bob@acme.test', 'Bob');
  const cat = new Person('cat@acme.test', 'Cat');
  const ada = new Person('ada@acme.test', 'Ada'); // advisor
  const jay = new Person('jay@acme.test', 'Jay'); // juror
  const roster = path.join(olive.home, 'roster.json');
  writeFileSync(roster, JSON.stringify({ participants: [
    { email: ann.email, name: 'Ann', team: 'Rocket' }, { email: bob.email, name: 'Bob', team: 'Rocket' },
    { email: cat.email, name: 'Cat', team: 'Comet' }, { email: ada.email, name: 'Ada', role: 'advisor' }, { email: jay.email, name: 'Jay', role: 'jury' },
  ] }));
  const imported = ok(t, await olive.hackathon(['event', 'roster', 'import', '--file', roster]), 'roster import');
  t.regex(imported.stdout, /Imported 5 rows/);

  // 3. Everyone accepts the workspace invitation mailed to them (the outbox holds it).
  for (const p of [ann, bob, cat, ada, jay]) {
    const text = await mail(p.email, /invit/i);
    t.regex(text, /Spring Hack/, 'the invitation names the event');
    const link = /(http:\/\/\S+\/invitations\/[A-Za-z0-9_-]+)/.exec(text)![1];
    t.is((await fetch(link)).status, 200, 'the invitation page opens');
    const accepted = await fetch(link, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base }, body: new URLSearchParams({ name: p.name, method: 'code' }).toString() });
    t.true([200, 303].includes(accepted.status), `${p.email} accepts the workspace invitation (${accepted.status})`);
    if (accepted.status === 303) t.regex(accepted.headers.get('location') ?? '', /\/event/, `after accepting, a participant lands on the event: ${accepted.status} ${accepted.headers.get('location')} ${await accepted.text()}`);
  }
  for (const p of [ann, bob, cat, ada, jay]) await signIn(p, 'hackathon', t);

  // 4. The code host: organization and template, the organizer's template push.
  ok(t, await olive.hackathon(['event', 'github', '--organization', 'acme', '--template', 'acme/template']), 'event github');
  let check = await olive.hackathon(['event', 'github-check']);
  // github-check prints the push, ready to run from the template's folder: git gets olive's
  // key from hackathon's credential helper; she never sees or types it.
  const pushCommand = /^ {2}(git -c .+ push http\S+ main)$/m.exec(check.stdout)?.[1];
  t.truthy(pushCommand, `github-check prints the template's push command:\n${check.stdout}`);
  t.notRegex(check.stdout, /hck_[A-Za-z0-9]/, 'no key in the output');
  const tpl = mkdtempSync(path.join(os.tmpdir(), 'fe-template-'));
  await git(tpl, ['init', '-q']);
  writeFileSync(path.join(tpl, 'README.md'), '# Team app template\n\nStart here.\n');
  await git(tpl, ['add', '-A']);
  await git(tpl, ['commit', '-q', '-m', 'template']);
  const pushed = await olive.shell(tpl, pushCommand!);
  t.is(pushed.code, 0, `the printed push: ${pushed.stderr}`);
  // Participants name their code-host usernames; the advisor and the juror need none.
  ok(t, await ann.hackathon(['connect', '--github', 'ann-gh']), 'ann connects');
  ok(t, await bob.hackathon(['connect', '--github', 'bob-gh']), 'bob connects');
  const catConnect = ok(t, await cat.hackathon(['connect', '--github', 'cat-gh']), 'cat connects');
  t.notRegex(catConnect.stdout, /Next: hackathon setup\n/, 'not assigned yet: connect says what comes next instead of setup');
  check = ok(t, await olive.hackathon(['event', 'github-check']), 'github-check passes with an advisor and a juror on the roster');
  const receipts = ok(t, await olive.hackathon(['submissions', 'failures']), 'submissions failures');
  t.notRegex(receipts.stdout, /acme\/template refused/, 'the template push is not a refused submission');

  // 5. Provisioning, invitations accepted as printed, setup without Docker, a push.
  ok(t, await olive.hackathon(['admin', 'provision', '--key', 'first']), 'admin provision');
  const clones: Record<string, string> = {};
  for (const p of [ann, cat]) {
    const c = ok(t, await p.hackathon(['connect']), `${p.name} connect after provisioning`);
    const invitation = /(http:\/\/\S+\/codehost\/invitations\/\S+)/.exec(c.stdout)?.[1];
    t.truthy(invitation, `connect prints the repository invitation:\n${c.stdout}`);
    if (p === cat) {
      // Cat opens the printed link in the browser and accepts it there.
      const cookie = await pageSignIn(cat);
      const page = await fetch(invitation!, { headers: { cookie } });
      t.is(page.status, 200, 'the printed invitation link opens');
      const html = await page.text();
      const action = /<form action="(\/codehost\/invitations\/[^"]+)" method="post"/.exec(html)?.[1];
      t.truthy(action, 'the invitation page has an Accept button');
      const accepted = await fetch(new URL(action!, base), { method: 'POST', redirect: 'manual', headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
      t.is(accepted.status, 303, 'accepting redirects');
      t.regex(accepted.headers.get('location') ?? '', /\/event/);
    }
    // Ann leaves it to setup, which accepts it on her behalf and says so.
    const dir = path.join(p.home, 'team');
    const s = ok(t, await p.hackathon(['setup', '--no-start', '--directory', dir]), `${p.name} setup --no-start`);
    if (p === ann) t.regex(s.stderr, /Accepted your invitation/);
    t.regex(s.stdout, /Directory/);
    clones[p.name] = dir;
  }
  // READINESS follows the acceptances at once: Comet's only member accepted (ready); Rocket's Bob has not (invited).
  const readiness = JSON.parse(ok(t, await olive.hackathon(['submissions', 'list', '--json']), 'submissions list --json').stdout).items
    .map((x: { project: { name: string }; readiness: string }) => [x.project.name, x.readiness]);
  t.deepEqual(Object.fromEntries(readiness), { Comet: 'ready', Rocket: 'invited' }, 'readiness after acceptance, before any new provisioning run');
  // 6. The build: clock to the start, a push per team, its receipt.
  await setClock(base, 61 * 60);
  for (const [who, p] of [['Ann', ann], ['Cat', cat]] as const) {
    const dir = clones[who];
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: who.toLowerCase(), scripts: { start: 'node server.js' } }));
    writeFileSync(path.join(dir, 'server.js'), "require('http').createServer((q, s) => s.end('ok')).listen(3000);\n");
    writeFileSync(path.join(dir, 'README.md'), `# ${who === 'Ann' ? 'Rocket' : 'Comet'}\n\n## Problem\n\nTeams lose track of time.\n\n## Features\n\n- a timer\n`);
    ok(t, await p.git(dir, ['add', '-A']), 'git add');
    ok(t, await p.git(dir, ['commit', '-q', '-m', 'our app']), 'git commit');
    ok(t, await p.git(dir, ['push', '-q', 'origin', 'main']), `${who} pushes`);
  }
  await until('both receipts', async () => {
    const r = await olive.hackathon(['submissions', 'list']);
    return (r.stdout.match(/accepted|waiting/g) ?? []).length >= 2 && !/- +ready/.test(r.stdout) ? r : null;
  }, 60_000, 500);

  // 7. Chat and a help request, answered by the advisor.
  ok(t, await ann.hackathon(['chats', 'post', 'Rocket', 'We are live']), 'ann posts in the team chat by its name');
  const opened = ok(t, await ann.hackathon(['requests', 'open', '--title', 'Docker?', '--body', 'How do we start without Docker?']), 'ann opens a request');
  const requestId = /Opened (\S+)/.exec(opened.stdout)![1];
  ok(t, await ada.hackathon(['requests', 'claim', requestId]), 'the advisor claims it');
  ok(t, await ada.hackathon(['requests', 'resolve', requestId]), 'the advisor resolves it');

  // 8. Freeze and capture.
  await setClock(base, (60 * 25 + 16) * 60);
  ok(t, await olive.hackathon(['submissions', 'reconcile']), 'reconcile');
  await until('every team frozen', async () => {
    const r = await olive.hackathon(['submissions', 'list']);
    return /Submissions are frozen/.test(r.stdout) && !/capturing/.test(r.stdout) ? r : null;
  }, 120_000, 1000);

  // A push after the freeze is recorded late, and the code host says so on the push itself.
  writeFileSync(path.join(clones.Ann!, 'LATE.md'), 'after the freeze\n');
  ok(t, await ann.git(clones.Ann!, ['add', '-A']), 'git add');
  ok(t, await ann.git(clones.Ann!, ['commit', '-q', '-m', 'late']), 'git commit');
  const late = ok(t, await ann.git(clones.Ann!, ['push', '-q', 'origin', 'main']), 'a late push is taken');
  t.regex(late.stderr, /remote: Podium: this push arrived after the freeze \(\S+\): it is recorded as late and does not count/);

  // 9. Generated decks: generate, review, release.
  ok(t, await olive.hackathon(['event', 'vote', '--on']), 'vote section on');
  const gen = ok(t, await olive.hackathon(['decks', 'generate']), 'decks generate');
  const runId = /Run (\S+) started/.exec(gen.stdout)![1];
  await until('the generation run done', async () => {
    const r = await olive.hackathon(['decks', 'run', runId]);
    return / done,/.test(r.stdout) ? r : null;
  }, 300_000, 1000);
  const listed = ok(t, await olive.hackathon(['decks', 'list', '--json']), 'decks list');
  const decks = JSON.parse(listed.stdout).items as Array<{ id: string }>;
  t.is(decks.length, 4, 'two decks per team');
  for (const d of decks) ok(t, await olive.hackathon(['decks', 'review', d.id, '--approve']), 'review');
  for (const team of ['Rocket', 'Comet']) ok(t, await olive.hackathon(['decks', 'release', team]), `release ${team}`);
  const gallery = ok(t, await jay.hackathon(['decks', 'gallery']), 'the juror reads the gallery');
  t.regex(gallery.stdout, /Rocket jury: released v1 community: released v1/);

  // 10. Vote decks: each team publishes its vote presentation and links it (http instance).
  for (const [p, team] of [[ann, 'Rocket'], [cat, 'Comet']] as const) {
    await signIn(p, 'deckcli', t);
    const deckDir = path.join(p.home, 'vote-deck');
    mkdirSync(deckDir);
    writeFileSync(path.join(deckDir, 'index.html'), `<!doctype html><title>${team}</title><h1>${team}</h1>`);
    const pushed = ok(t, await p.deckcli(['push', deckDir, '--json', '--no-open'], { cwd: deckDir }), `${team} pushes its vote deck`);
    const deckId = JSON.parse(pushed.stdout).presentation.id;
    const shared = ok(t, await p.deckcli(['share', deckId, '--json']), `${team} shares it`);
    const url = JSON.parse(shared.stdout).url as string;
    t.true(url.startsWith(`${base}/v/`), `an http share link of this instance: ${url}`);
    ok(t, await p.hackathon(['decks', 'link', '--vote', url]), `${team} links its vote deck`);
  }

  // 11. The community vote: eligibility, open, ballots by CLI and by page, close, results.
  ok(t, await olive.hackathon(['event', 'roster', 'lock']), 'roster lock');
  ok(t, await olive.hackathon(['community', 'eligibility', 'lock', '--confirm-all']), 'eligibility lock');
  await setClock(base, (60 * 25 + 31) * 60);
  ok(t, await olive.hackathon(['community', 'voting', 'open']), 'voting open');
  ok(t, await ann.hackathon(['community', 'ballot', 'submit', '--ranking', 'Comet']), 'ann votes by CLI, naming the team');
  ok(t, await cat.hackathon(['community', 'ballot', 'submit', '--ranking', 'Rocket']), 'cat votes by CLI');
  // Bob votes on the page, signed in there with a code from the outbox.
  const cookie = await pageSignIn(bob);
  const page = await fetch(`${base}/event/vote`, { headers: { cookie } });
  t.is(page.status, 200);
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const ranks = [...html.matchAll(/<input [^>]*?name="(rank:[0-9a-f-]{36})"[^>]*? value="(\d+)"/g)].map((m) => [m[1], m[2]]);
  t.is(ranks.length, 1, 'Bob ranks the one other team');
  const voted = await fetch(`${base}/event/vote`, { method: 'POST', redirect: 'manual', headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([['back', '/event/vote'], ['eligibilityVersion', field('eligibilityVersion')], ['expectedRevision', field('expectedRevision')], ...ranks, ['action', 'submit']]).toString() });
  t.true([200, 303].includes(voted.status), `the page takes Bob's ballot (${voted.status})`);
  const after = await (await fetch(`${base}/event/vote`, { headers: { cookie } })).text();
  t.regex(after, /id="ballot-state">submitted</);
  await setClock(base, (60 * 26 + 50) * 60); // ten minutes before the configured close: the organizer closes early
  ok(t, await olive.hackathon(['community', 'voting', 'close', '--yes']), 'voting close');
  // Closed early: nothing counts down to the configured close any more.
  const closedStatus = ok(t, await olive.hackathon(['event', 'status']), 'event status after the early close');
  t.regex(closedStatus.stdout, /^Vote closes: .+ \(closed early at \S+\)$/m);
  t.regex(closedStatus.stdout, /^Next deadline: none/m);
  t.false((await (await fetch(`${base}/event`, { headers: { cookie } })).text()).includes('<strong>Vote closes</strong>'), 'the web dashboard counts down to no overtaken close');
  const calc = ok(t, await olive.hackathon(['community', 'results', 'calculate']), 'results calculate');
  const version = /Calculated version (\d+)/.exec(calc.stdout)![1];
  ok(t, await olive.hackathon(['community', 'results', 'release', version, '--yes']), 'results release');
  const status = ok(t, await bob.hackathon(['community', 'status']), 'bob reads the released results');
  t.regex(status.stdout, /Results \(version 1, released/);
  t.regex(ok(t, await bob.hackathon(['event', 'status']), 'bob reads the event status').stdout, /^Results: released \(version 1, /m);
  t.regex(await (await fetch(`${base}/event`, { headers: { cookie } })).text(), /<strong>Results are out<\/strong>/, '/event says results are out');
});
