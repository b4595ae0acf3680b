// `hackathon jury ...` in process against a real server: the outputs line by line, checks
// before any request (exit 2: a --score that is not "Name=n", --per-team out of range, a
// version argument), jury close asking [y/N] on a terminal and refusing elsewhere without
// --yes, `hackathon results` side by side, and `podium jury recount` over an exported file
// (same rows, same digest; a tampered file is exit 4).
import test from 'ava';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { main as hackathonMain } from '../../../cli/hackathon/main.ts';
import { main as podiumMain } from '../../../cli/podium/main.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { voteFixture, type VoteFixture } from '../../helpers/vote.ts';
import { runInProcess } from '../in-process.ts';
import { makeHome, runHackathon } from './run.ts';

let s: TestServer;
let fx: VoteFixture;
let env: NodeJS.ProcessEnv;
const key: Record<string, string> = {};
const dir = mkdtempSync(path.join(os.tmpdir(), 'jury-cli-'));
const OWNER = 'owner@jcli.test';
const A = 'ja@jcli.test';
const B = 'jb@jcli.test';

test.before(async () => {
  s = await startTestServer();
  env = makeHome().env;
  fx = await voteFixture(s.db.pool, 'Jcli', {
    teams: { Rocket: ['ann@jcli.test'], Comet: ['cat@jcli.test'], Apollo: ['dan@jcli.test'] },
    others: [{ email: A, role: 'jury' }, { email: B, role: 'jury' }],
    voteSection: false,
    ready: [],
  });
  for (const email of [OWNER, 'ann@jcli.test', A, B]) key[email] = (await seed.key(s.db.pool, email, 'hackathon')).key;
});
test.after.always(() => s?.close());

const run = (who: string, args: string[], stdin?: string) => runHackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: key[who] }, stdin);
const lines = (out: string) => out.trimEnd().split('\n');

test.serial('criteria, conflicts, assign, assignments, open: the outputs', async (t) => {
  const file = path.join(dir, 'criteria.json');
  writeFileSync(file, JSON.stringify([{ name: 'Impact', description: 'Does it matter?', weight: 3 }, { name: 'Execution', weight: 2 }]));
  const set = await run(OWNER, ['jury', 'criteria', 'set', '--file', file]);
  t.is(set.code, 0, set.stderr);
  t.deepEqual(lines(set.stdout), ['Criteria set: 2 (total weight 5), scale 1-5', '1. Impact (weight 3): Does it matter?', '2. Execution (weight 2)']);
  const show = await run(A, ['jury', 'criteria', 'show']);
  t.deepEqual(lines(show.stdout), ['Scale: 1-5, total weight 5', '1. Impact (weight 3): Does it matter?', '2. Execution (weight 2)']);
  const c = await run(OWNER, ['jury', 'conflicts', 'add', B, 'Apollo', '--reason', 'cousin']);
  t.is(c.code, 0, c.stderr);
  t.is(c.stdout.trim(), `Declared: ${B} has a conflict with Apollo`);
  t.regex((await run(OWNER, ['jury', 'conflicts', 'show'])).stdout, new RegExp(`${B}\\s+declared\\s+Apollo\\s+cousin`));
  const bad = await run(OWNER, ['jury', 'assign', '--per-team', '0']);
  t.is(bad.code, 2);
  const plan = await run(OWNER, ['jury', 'assign', '--per-team', '2', '--seed', '3']);
  t.is(plan.code, 0, plan.stderr);
  t.deepEqual(lines(plan.stdout), [
    'Planned 5 assignments: 2 per team, seed 3',
    `Loads: ${A} 3, ${B} 2`,
    'Short: Apollo has 1 of 2: only 1 of 2 jurors have no conflict with it (conflicts: jb@jcli.test (declared))',
  ]);
  const refused = await run(OWNER, ['jury', 'assignments', 'add', B, 'Apollo']);
  t.is(refused.code, 1);
  t.regex(refused.stderr, /jb@jcli\.test has a conflict of interest with Apollo \(declared: cousin\)/);
  t.is((await run(OWNER, ['jury', 'open'])).code, 0);
});

test.serial('jury score and scores: checks before any request; draft, submit; an organizer is refused (exit 3)', async (t) => {
  const bad = await run(A, ['jury', 'score', 'Rocket', '--score', 'Impact:4']);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /--score "Impact:4": write "<criterion>=<whole number>"/);
  const d = await run(A, ['jury', 'score', 'Rocket', '--score', 'Impact=4', '--note', 'solid']);
  t.is(d.code, 0, d.stderr);
  t.is(d.stdout.trim(), 'Saved draft of Rocket (revision 1): Impact=4');
  const sub = await run(A, ['jury', 'score', 'rocket', '--score', 'Execution=3', '--submit']);
  t.is(sub.code, 0, sub.stderr);
  t.is(sub.stdout.trim(), 'Submitted Rocket (revision 2): Impact=4, Execution=3');
  for (const team of ['Comet', 'Apollo']) await run(A, ['jury', 'score', team, '--score', 'Impact=2', '--score', 'Execution=2', '--submit']);
  const mine = await run(A, ['jury', 'scores']);
  t.is(lines(mine.stdout)[0], 'Judging open; criteria: Impact (x3), Execution (x2); scale 1-5');
  t.is(lines(mine.stdout).at(-1), '3 of 3 submitted');
  const org = await run(OWNER, ['jury', 'score', 'Rocket', '--score', 'Impact=1', '--expected-revision', '2']);
  t.is(org.code, 3);
  const p = await run(OWNER, ['jury', 'progress']);
  t.is(lines(p.stdout)[0], 'Judging open: 3 of 5 scores submitted');
});

test.serial('jury close asks [y/N] on a terminal, refuses elsewhere without --yes', async (t) => {
  const plain = await run(OWNER, ['jury', 'close']);
  t.is(plain.code, 2);
  t.regex(plain.stderr, /Refusing to close judging now without a confirmation/);
  const tty = (answer: string) => {
    const stdin = Readable.from([Buffer.from(answer)]) as Readable & { isTTY?: boolean };
    stdin.isTTY = true;
    let stdout = '';
    let stderr = '';
    return hackathonMain(['jury', 'close'], {
      stdout: { write: (x: string) => (stdout += x), isTTY: true },
      stderr: { write: (x: string) => (stderr += x) },
      stdin,
      env: { ...env, EVENT_URL: s.url, EVENT_API_KEY: key[OWNER] },
    }).then((code) => ({ code, stdout, stderr }));
  };
  const no = await tty('n\n');
  t.is(no.code, 2);
  t.regex(no.stderr, /Close judging now\? A closed judging never opens again: no score can be saved or submitted afterwards\. \[y\/N\] /);
  const yes = await tty('y\n');
  t.is(yes.code, 0, yes.stderr);
  t.regex(yes.stdout, /Judging closed at \S+Z/);
});

test.serial('results: calculate, release, export, hackathon results side by side, podium jury recount', async (t) => {
  const calc = await run(OWNER, ['jury', 'results', 'calculate']);
  t.is(calc.code, 0, calc.stderr);
  const cl = lines(calc.stdout);
  t.is(cl[0], 'Calculated version 1');
  t.regex(cl[1]!, /^Jury results version 1 \(mean\), calculated \S+, not released, digest [0-9a-f]{12}$/);
  t.is(cl.at(-1), 'Coverage: 3 of 5 assigned scores submitted, 3 of 3 teams scored, 1 jurors');
  t.is((await run(OWNER, ['jury', 'results', 'release', 'x'])).code, 2);
  t.is((await run(OWNER, ['jury', 'results', 'release', '1'])).code, 0);
  const side = await run('ann@jcli.test', ['results']);
  t.is(side.code, 0, side.stderr);
  const sl = lines(side.stdout);
  t.regex(sl[0]!, /^Jury: version 1 \(mean\), digest [0-9a-f]{12}$/);
  t.is(sl[1], 'Community: not released');
  t.regex(sl.find((l) => l.includes('Rocket'))!, /^\s*1\s+3\.6000\s+-\s+-\s+Rocket$/);
  const out = path.join(dir, 'jury.json');
  const exp = await run('ann@jcli.test', ['jury', 'results', 'export', '1', '--output', out]);
  t.is(exp.code, 0, exp.stderr);
  t.regex(exp.stdout, /^Wrote .*jury\.json: version 1, 3 scores, digest [0-9a-f]{12}/);
  t.is((await run('ann@jcli.test', ['jury', 'results', 'export', '1', '--identities'])).code, 3);
  const digest = JSON.parse(readFileSync(out, 'utf8')).digest;
  const recount = await runInProcess('podium', podiumMain, ['jury', 'recount', out], {});
  t.is(recount.code, 0, recount.stderr);
  const rl = lines(recount.stdout);
  t.is(rl[0], 'Recount of version 1 (mean): 3 scores, 3 teams');
  t.is(rl.at(-1), `Digest: ${digest} (matches the file)`);
  t.regex(rl.find((l) => l.includes('Rocket'))!, /1\s+3\.6000\s+18\/5\s+1\s+Rocket/);
  const f = JSON.parse(readFileSync(out, 'utf8'));
  f.scores[0].values[0] = f.scores[0].values[0] === 5 ? 4 : 5;
  const tampered = path.join(dir, 'tampered.json');
  writeFileSync(tampered, JSON.stringify(f));
  const bad = await runInProcess('podium', podiumMain, ['jury', 'recount', tampered], {});
  t.is(bad.code, 4);
  t.regex(bad.stderr, new RegExp(`digest mismatch: the scores recount to [0-9a-f]{12}, the file says ${digest}`));
  writeFileSync(tampered, '{"format":"nope"}');
  t.is((await runInProcess('podium', podiumMain, ['jury', 'recount', tampered], {})).code, 2);
});
