// What the CLIs do on a terminal and off it: colour only on a
// terminal and never with NO_COLOR, --no-color or --json (and nothing said by colour alone);
// tables with a header row, aligned by display width (CJK and emoji take two columns); and
// irreversible verbs that ask [y/N] on a terminal and need --yes elsewhere. Terminal runs use
// the built binaries under a real pty (util-linux `script`, the command `exec`ed so no shell
// sits between the pty and the CLI).
import test from 'ava';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { colourOn, paint, paintFor } from '../../cli/lib/colour.ts';
import type { Io } from '../../cli/lib/io.ts';
import { table } from '../../cli/lib/table.ts';
import { when, withEventTime } from '../../client/time.ts';
import { main as deckMain } from '../../cli/deckcli/main.ts';
import { person, type Person } from '../helpers/event.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { until } from '../../ops/harness/until.ts';
import { runInProcess } from './in-process.ts';
import { hackathon, makeHome, runHackathon } from './hackathon/run.ts';

let s: TestServer;
let owner: Person;
let env: NodeJS.ProcessEnv;
let home: string;
const ESC = '\x1b[';
const strip = (x: string) => x.replace(/\x1b\[[0-9;]*m/g, '');
const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;

/** The built binary on a pty: what the terminal showed (stdout and stderr, \r\n line ends), and the exit code. */
function onPty(bin: 'hackathon' | 'deckcli', args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const cmd = `exec ${[process.execPath, path.resolve(`dist/${bin}.mjs`), ...args].map(quote).join(' ')}`;
  const child = spawn('script', ['-qefc', cmd, '/dev/null'], { env: { ...env, EVENT_URL: s.url, EVENT_API_KEY: owner.key, TERM: 'xterm', ...extraEnv }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  const code = new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)));
  return {
    code,
    get out() {
      return out.replace(/\r\n/g, '\n');
    },
    answer: async (prompt: RegExp, line: string) => {
      await until(`the prompt ${prompt} on the terminal`, async () => prompt.test(out), 30_000, 50);
      child.stdin.write(line + '\r');
    },
  };
}

const run = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => runHackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: owner.key, ...extraEnv });

test.before(async () => {
  s = await startTestServer();
  const ws = await seed.workspace(s.db.pool, 'Terminal');
  owner = await person(s.db.pool, ws.id, 'owner@terminal.test', 'owner');
  ({ env, home } = makeHome());
  for (const [slug, name] of [['plain', 'Plainly team'], ['rocket', '🚀 Go'], ['tokyo', '東京チーム'], ['doomed', 'Doomed'], ['kept', 'Kept']]) {
    const r = await run(['teams', 'create', slug, '--name', name]);
    if (r.code !== 0) throw new Error(r.stderr);
  }
});
test.after.always(() => s?.close());

test('the colour decision: a terminal stream only, and never with NO_COLOR, TERM=dumb, --no-color or --json', (t) => {
  const io = (tty: boolean, e: NodeJS.ProcessEnv = {}): Io => ({ stdout: { write: () => true, isTTY: tty }, stderr: { write: () => true, isTTY: false }, stdin: process.stdin, env: e });
  t.true(colourOn(io(true), 'stdout'));
  t.false(colourOn(io(true), 'stderr'), 'each stream is asked on its own');
  t.false(colourOn(io(false), 'stdout'));
  t.false(colourOn(io(true, { NO_COLOR: '1' }), 'stdout'));
  t.true(colourOn(io(true, { NO_COLOR: '' }), 'stdout'), 'an empty NO_COLOR is unset (no-color.org)');
  t.false(colourOn(io(true, { TERM: 'dumb' }), 'stdout'));
  t.false(colourOn(io(true), 'stdout', { argv: ['--no-color'] }));
  t.false(colourOn(io(true), 'stdout', { flags: { color: false } }));
  t.false(colourOn(io(true), 'stdout', { argv: ['--json'] }));
  t.false(colourOn(io(true), 'stdout', { flags: { json: true } }));
  // Named colours for meanings; the words stay the same either way.
  t.is(paint(true).state('frozen'), '\x1b[32mfrozen\x1b[39m');
  t.is(paint(true).state('excluded: withdrew'), '\x1b[31mexcluded: withdrew\x1b[39m');
  t.is(paint(true).state('waiting'), '\x1b[33mwaiting\x1b[39m');
  t.is(paint(true).state('something new'), 'something new', 'a word without a meaning stays plain');
  t.is(paint(false).state('frozen'), 'frozen');
});

test('tables measure display width: CJK and emoji cells keep the columns aligned; colour takes no width', (t) => {
  const tty = paint(false, true);
  t.deepEqual(table(['A', 'B'], [['東京', 'x'], ['🚀', 'y'], ['abc', 'z']], { paint: tty }), ['A     B', '東京  x', '🚀    y', 'abc   z']);
  t.deepEqual(table(['A', 'B'], [[paint(true).ok('ok'), 'x'], ['long', 'y']], { paint: paint(true) }).map(strip), ['A     B', 'ok    x', 'long  y']);
  t.deepEqual(table(['A'], [], { paint: tty }), [], 'no rows, no header');
});

test('a header row only on a terminal (coloured or not); piped, one line per record (issue 40, as gh does)', (t) => {
  const rows = [['general', 'c1', 'General'], ['team', 'c2', 'Team A']];
  t.deepEqual(table(['KIND', 'ID', 'NAME'], rows, { paint: paint(false, true) }), ['KIND     ID  NAME', 'general  c1  General', 'team     c2  Team A']);
  t.deepEqual(table(['KIND', 'ID', 'NAME'], rows, { paint: paint(false, false) }), ['general  c1  General', 'team     c2  Team A']);
  t.deepEqual(table(['KIND', 'ID', 'NAME'], rows), ['general  c1  General', 'team     c2  Team A'], 'no palette: no header');
  const io = (tty: boolean, e: NodeJS.ProcessEnv = {}): Io => ({ stdout: { write: () => true, isTTY: tty }, stderr: { write: () => true }, stdin: process.stdin, env: e });
  t.true(paintFor(io(true, { NO_COLOR: '1' }), 'stdout').terminal, 'NO_COLOR on a terminal: no colour, still a header');
  t.false(paintFor(io(false), 'stdout').terminal);
});

test('table times: ISO 8601 to the second in the zone asked for, the offset written out', (t) => {
  t.is(when('2026-11-27T03:27:28.123456+00:00', 'UTC'), '2026-11-27T03:27:28+00:00');
  t.is(when('2026-11-27T03:27:28.123456Z', 'Europe/Berlin'), '2026-11-27T04:27:28+01:00');
  t.is(when('2026-07-01T12:00:00Z', 'America/St_Johns'), '2026-07-01T09:30:00-02:30');
  t.is(when(null, 'UTC'), '-');
});

test.serial('teams list piped: no header row, a CJK and an emoji team name aligned by display width', async (t) => {
  const r = await run(['teams', 'list']);
  t.is(r.code, 0, r.stderr);
  const rows = r.stdout.trimEnd().split('\n');
  t.false(rows.some((l) => l.startsWith('SLUG')), r.stdout);
  for (const line of ['plain   Plainly team  0 members  -', 'rocket  🚀 Go         0 members  -', 'tokyo   東京チーム    0 members  -']) t.true(rows.includes(line), `${line}\n${r.stdout}`);
  const j = JSON.parse((await run(['teams', 'list', '--json'])).stdout);
  t.true(j.items.some((x: { name: string }) => x.name === '東京チーム'), '--json is the wire payload, unchanged');
});

test.serial('colour on a terminal: a bold header and a red error line; nothing is lost without colour', async (t) => {
  const coloured = onPty('hackathon', ['teams', 'list']);
  t.is(await coloured.code, 0, coloured.out);
  t.true(coloured.out.startsWith(`${ESC}1mSLUG`), coloured.out);
  const plain = onPty('hackathon', ['teams', 'list', '--no-color']);
  t.is(await plain.code, 0, plain.out);
  t.false(plain.out.includes(ESC), plain.out);
  t.is(strip(coloured.out), plain.out, 'the same words with and without colour');
  const noColor = onPty('hackathon', ['teams', 'list'], { NO_COLOR: '1' });
  await noColor.code;
  t.is(noColor.out, plain.out);
  const json = onPty('hackathon', ['teams', 'list', '--json']);
  await json.code;
  t.false(json.out.includes(ESC), json.out);
  const piped = await hackathon(['teams', 'list'], { ...env, EVENT_URL: s.url, EVENT_API_KEY: owner.key, TERM: 'xterm' });
  t.is(piped.stdout, plain.out.slice(plain.out.indexOf('\n') + 1), 'not a terminal: no colour, and no header row');
  const err = onPty('hackathon', ['teams', 'delete']);
  t.is(await err.code, 1);
  t.is(err.out, `${ESC}31mhackathon: name exactly one team (slug or id)${ESC}39m\n`);
  const errPlain = onPty('hackathon', ['teams', 'delete', '--no-color']);
  await errPlain.code;
  t.is(errPlain.out, 'hackathon: name exactly one team (slug or id)\n');
  const deckErr = onPty('deckcli', ['delete', '--api-url', s.url]);
  t.is(await deckErr.code, 1);
  t.is(deckErr.out, `${ESC}31mdeckcli: name exactly one deck id${ESC}39m\n`);
});

test.serial('teams delete asks [y/N] on a terminal: no (or Enter) keeps the team, y deletes it', async (t) => {
  const no = onPty('hackathon', ['teams', 'delete', 'doomed', '--no-color']);
  await no.answer(/\[y\/N\] $/, 'n');
  t.is(await no.code, 2, no.out);
  t.regex(no.out, /^Delete team doomed\? Its memberships and the project roles it carries go with it, and nothing restores them\. \[y\/N\] n\nhackathon: Not confirmed: did not delete team doomed \(not_confirmed\)\n$/);
  const enter = onPty('hackathon', ['teams', 'delete', 'doomed', '--no-color']);
  await enter.answer(/\[y\/N\] $/, '');
  t.is(await enter.code, 2, enter.out);
  t.regex((await run(['teams', 'list'])).stdout, /^doomed +Doomed/m, 'still there');
  const yes = onPty('hackathon', ['teams', 'delete', 'doomed', '--no-color']);
  await yes.answer(/\[y\/N\] $/, 'y');
  t.is(await yes.code, 0, yes.out);
  t.regex(yes.out, /\[y\/N\] y\nDeleted team doomed \(Doomed\): 0 members left it, 0 project roles removed\n$/);
  t.notRegex((await run(['teams', 'list'])).stdout, /^doomed /m);
});

test.serial('without a terminal an irreversible verb needs --yes: exit 2 with the sentence, nothing done; --yes goes ahead', async (t) => {
  const refused = await run(['teams', 'delete', 'kept']);
  t.is(refused.code, 2);
  t.is(refused.stderr, 'hackathon: Refusing to delete team kept without a confirmation (its memberships and the project roles it carries go with it, and nothing restores them): run it in a terminal to answer, or pass --yes (confirmation_required)\n');
  t.regex((await run(['teams', 'list'])).stdout, /^kept +Kept/m, 'nothing was deleted');
  const json = await run(['teams', 'delete', 'kept', '--json']);
  t.is(json.code, 2);
  t.is(JSON.parse(json.stderr).error.code, 'confirmation_required');
  const yes = await run(['teams', 'delete', 'kept', '--yes']);
  t.is(yes.code, 0, yes.stderr);
  t.regex(yes.stdout, /^Deleted team kept \(Kept\)/);
});

test('every confirming verb refuses before any request without a terminal (exit 2)', async (t) => {
  // An address nothing listens on: a request would be exit 4 (unreachable), not 2.
  const off = { EVENT_URL: 'http://127.0.0.1:9', EVENT_API_KEY: 'hck_' + 'a'.repeat(43) };
  const empty = path.join(home, 'empty-roster.json');
  writeFileSync(empty, '{ "participants": [] }');
  const one = path.join(home, 'one-row.json');
  writeFileSync(one, '[{ "email": "a@x.test" }]');
  const cases: [string[], RegExp][] = [
    [['community', 'voting', 'close'], /Refusing to close voting now without a confirmation/],
    [['community', 'results', 'release', '1'], /Refusing to release results version 1 without a confirmation/],
    [['community', 'ballots', 'invalidate', '00000000-0000-4000-8000-000000000000', '--reason', 'dup'], /Refusing to invalidate ballot 00000000-0000-4000-8000-000000000000/],
    [['demo', 'revoke', 'p1'], /Refusing to revoke demo pass p1 without a confirmation/],
    [['event', 'roster', 'import', '--file', empty], /Refusing to empty the roster without a confirmation \(.*lists nobody, so every roster row is removed and every team dissolved/],
  ];
  for (const [args, sentence] of cases) {
    const r = await runHackathon(args, { ...env, ...off });
    t.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    t.regex(r.stderr, sentence);
    t.regex(r.stderr, /run it in a terminal to answer, or pass --yes \(confirmation_required\)\n$/);
  }
  const rows = await runHackathon(['event', 'roster', 'import', '--file', one], { ...env, ...off });
  t.is(rows.code, 4, 'a roster that keeps someone asks nothing: it went for the request');
  const deck = await runInProcess('deckcli', deckMain, ['delete', 'd1', '--api-url', 'http://127.0.0.1:9'], env);
  t.is(deck.code, 2, deck.stderr);
  t.regex(deck.stderr, /^deckcli: Refusing to delete deck d1 without a confirmation \(every share link of the deck stops working and no command restores it\)/);
});

test('an event instant keeps its UTC form with the event\'s own time beside it; a UTC event or an unknown zone adds nothing', (t) => {
  t.is(withEventTime('2026-05-01T08:00:00.000Z', 'Europe/Berlin'), '2026-05-01T08:00:00.000Z (2026-05-01T10:00:00+02:00 Europe/Berlin)');
  t.is(withEventTime('2026-05-01T08:00:00.000Z', 'UTC'), '2026-05-01T08:00:00.000Z');
  t.is(withEventTime('2026-05-01T08:00:00.000Z', 'Not/AZone'), '2026-05-01T08:00:00.000Z');
});
