// `podium vote recount <file>`: the worked example of docs/VOTING.md prints exactly what the
// page shows (so the docs stay true), `--json` carries the exact rows, a file that is not an
// export is refused before any counting (exit 2), and a tampered ballot is a digest mismatch
// (exit 4).
import test from 'ava';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../../cli/podium/main.ts';
import { runInProcess } from '../in-process.ts';

const EXAMPLE = 'docs/examples/vote-ballots.json';
const dir = mkdtempSync(path.join(os.tmpdir(), 'recount-'));
const recount = (...args: string[]) => runInProcess('podium', main, ['vote', 'recount', ...args], {});
const write = (name: string, value: unknown) => {
  const p = path.join(dir, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};

test('the worked example recounts to what docs/VOTING.md shows, digest included', async (t) => {
  const doc = readFileSync('docs/VOTING.md', 'utf8');
  const block = /<!-- recount-example -->\n```\n\$ podium vote recount (\S+)\n([\s\S]*?)```/.exec(doc);
  t.truthy(block, 'the example block is in the page');
  t.is(block![1], EXAMPLE);
  // The page shows a terminal: the table's header row is printed there only.
  const r = await runInProcess('podium', main, ['vote', 'recount', EXAMPLE], { NO_COLOR: '1' }, undefined, undefined, true);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, block![2]);
  const piped = await recount(EXAMPLE);
  t.regex(piped.stdout, /^Recount of version 1 \(eligibility v1\): 5 ballots, 3 candidates\n {2}1 +0\.6250 +5\/8 +4 ballots +Comet\n/, 'piped: no header row');
  t.regex(doc, new RegExp(`sha256 begins \`${JSON.parse(readFileSync(EXAMPLE, 'utf8')).digest}\``));
});

test('--json: rows with exact fractions, ties, the digest and whether it matches', async (t) => {
  const r = await recount(EXAMPLE, '--json');
  t.is(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  t.deepEqual(j.rows.map((x: any) => [x.rank, x.name, x.fraction, x.score, x.ballots]), [[1, 'Comet', '5/8', '0.6250', 4], [1, 'Rocket', '5/8', '0.6250', 4], [3, 'Apollo', '1/4', '0.2500', 4]]);
  t.deepEqual(j.ties.map((x: any) => x.names), [['Comet', 'Rocket']]);
  t.like(j, { digest: '0fb9414f223f', fileDigest: '0fb9414f223f', matches: true, eligibilityVersion: 1, resultVersion: 1 });
});

test('a file that is not an export is refused before counting (exit 2)', async (t) => {
  const good = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
  const cases: [string, RegExp][] = [
    [write('not-json.json', '{ nope'), /is not valid JSON/],
    [path.join(dir, 'missing.json'), /cannot read/],
    [write('format.json', { ...good, format: 'other' }), /format must be "podium-vote-ballots\/1"/],
    [write('version.json', { ...good, eligibilityVersion: '1' }), /eligibilityVersion must be a whole number/],
    [write('stranger.json', { ...good, ballots: [[...good.ballots[0], '99999999-0000-4000-8000-000000000009']] }), /ballots\.0\.3 is not one of the candidates/],
    [write('twice.json', { ...good, ballots: [[good.candidates[0].projectId, good.candidates[0].projectId]] }), /ballots\.0: \S+ is named twice/],
    [write('empty-ballot.json', { ...good, ballots: [[]] }), /ballots\.0 must be a non-empty array/],
  ];
  for (const [file, message] of cases) {
    const r = await recount(file);
    t.is(r.code, 2, file);
    t.regex(r.stderr, message);
  }
  t.is((await recount()).code, 1, 'no file named: usage');
});

test('a tampered ballot recounts to another digest: exit 4 naming both; without a digest nothing is compared', async (t) => {
  const f = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
  f.ballots[1] = [...f.ballots[1]].reverse();
  const r = await recount(write('tampered.json', f));
  t.is(r.code, 4);
  t.regex(r.stderr, /digest mismatch: the ballots recount to [0-9a-f]{12}, the file says 0fb9414f223f/);
  delete f.digest;
  const none = await recount(write('no-digest.json', f));
  t.is(none.code, 0);
  t.regex(none.stdout, /Digest: [0-9a-f]{12} \(the file carries none to compare\)\n$/);
});
