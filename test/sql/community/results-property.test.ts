// The property behind "results anyone can recount": for hundreds of random ballot sets (random
// candidate subsets, partial turnout, invalidated ballots and drafts that must not count,
// copied rankings so ties are common), the results SQL calculates equal an independent
// brute-force recount written here with BigInt fractions: every row (rank, fraction in
// lowest terms, decimal, ballots), every tie, the unranked, the coverage and the digest.
// The generator is seeded; a failure names its seed and iteration.
import { createHash } from 'node:crypto';
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { openVote, voteFixture, type VoteFixture } from '../../helpers/vote.ts';

const ITERATIONS = 300;
const SEED = Number(process.env.VOTE_PROPERTY_SEED ?? 20260515);
const TEAM_COUNT = 8;

let db: TestDatabase;
let fx: VoteFixture;
let version: number;
let eligibilityId: string;
let voters: { id: string; team: string }[];

test.before(async () => {
  db = await createTestDatabase();
  const teams: Record<string, string[]> = {};
  for (let i = 1; i <= TEAM_COUNT; i++) teams[`T${i}`] = [`a${i}@p.test`, `b${i}@p.test`];
  fx = await voteFixture(db.pool, 'Property', { teams });
  version = await openVote(fx);
  await fx.call('owner', 'app.close_voting()');
  eligibilityId = (await db.pool.query('select id from app.vote_eligibility where event_id = $1 and unlocked_at is null', [fx.eventId])).rows[0].id;
  voters = (await db.pool.query('select id, team_id as team from app.vote_voters where eligibility_id = $1', [eligibilityId])).rows;
});
test.after.always(() => db?.drop());

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// --- the brute-force recount ---------------------------------------------------------------
type Frac = [bigint, bigint];
const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b) [a, b] = [b, a % b];
  return a;
};
const reduce = ([n, d]: Frac): Frac => {
  const g = gcd(n, d);
  return g === 0n ? [0n, 1n] : [n / g, d / g];
};
const add = (x: Frac, y: Frac): Frac => reduce([x[0] * y[1] + y[0] * x[1], x[1] * y[1]]);
const cmp = (x: Frac, y: Frac) => {
  const l = x[0] * y[1];
  const r = y[0] * x[1];
  return l > r ? 1 : l < r ? -1 : 0;
};

interface Row { rank: number | null; projectId: string; name: string; score: string | null; fraction: string | null; ballots: number }

function recount(candidates: { id: string; name: string }[], counted: string[][]) {
  const sum = new Map<string, Frac>();
  const count = new Map<string, number>();
  for (const ballot of counted) {
    const k = ballot.length;
    ballot.forEach((pid, i) => {
      const p = i + 1;
      const points: Frac = k === 1 ? [1n, 1n] : [BigInt(k - p), BigInt(k - 1)];
      sum.set(pid, add(sum.get(pid) ?? [0n, 1n], points));
      count.set(pid, (count.get(pid) ?? 0) + 1);
    });
  }
  const scored = candidates.filter((c) => count.has(c.id)).map((c) => {
    const s = sum.get(c.id)!;
    return { ...c, f: reduce([s[0], s[1] * BigInt(count.get(c.id)!)]), n: count.get(c.id)! };
  });
  const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
    a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  const ranked = scored.map((c) => ({ ...c, rank: 1 + scored.filter((o) => cmp(o.f, c.f) > 0).length }))
    .sort((a, b) => a.rank - b.rank || byName(a, b));
  const decimal = ([n, d]: Frac) => {
    const q = (2n * n * 10000n + d) / (2n * d);
    return `${q / 10000n}.${String(q % 10000n).padStart(4, '0')}`;
  };
  const rows: Row[] = [
    ...ranked.map((c) => ({ rank: c.rank, projectId: c.id, name: c.name, score: decimal(c.f), fraction: `${c.f[0]}/${c.f[1]}`, ballots: c.n })),
    ...candidates.filter((c) => !count.has(c.id)).sort(byName).map((c) => ({ rank: null, projectId: c.id, name: c.name, score: null, fraction: null, ballots: 0 })),
  ];
  const ties = [...new Set(ranked.map((r) => r.rank))]
    .map((rank) => ranked.filter((r) => r.rank === rank))
    .filter((g) => g.length > 1)
    .map((g) => ({ rank: g[0]!.rank, projectIds: g.map((r) => r.id), names: g.map((r) => r.name) }));
  const lines = counted.map((b) => b.join(',')).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const digest = createHash('sha256').update(`podium-vote-v1\neligibility ${version}\n${lines.map((l) => l + '\n').join('')}`).digest('hex').slice(0, 12);
  return { rows, ties, digest };
}

// --- the property ----------------------------------------------------------------------------
test('SQL results equal the brute-force recount, fraction for fraction, for hundreds of random ballot sets (ties included)', async (t) => {
  const rand = mulberry32(SEED);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const shuffle = <T>(xs: T[]) => {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  };
  const allTeams = Object.entries(fx.teams).map(([name, id]) => ({ id, name }));
  let ties = 0;
  let unranked = 0;
  let multiLength = 0;
  for (let it = 0; it < ITERATIONS; it++) {
    const m = 1 + Math.floor(rand() * TEAM_COUNT);
    const included = shuffle(allTeams).slice(0, m);
    const inc = new Set(included.map((c) => c.id));
    await db.pool.query(`update app.vote_candidates set included = project_id = any ($2), reason = case when project_id = any ($2) then null else 'out' end where eligibility_id = $1`,
      [eligibilityId, [...inc]]);
    await db.pool.query('delete from app.vote_results where event_id = $1', [fx.eventId]);
    await db.pool.query('delete from app.vote_ballots where event_id = $1', [fx.eventId]);
    const turnout = 0.2 + rand() * 0.8;
    const pool: string[][] = [];
    const ballots: { voter: string; state: string; ranking: string[] }[] = [];
    for (const v of voters) {
      if (rand() > turnout) continue;
      const mine = included.filter((c) => c.id !== v.team).map((c) => c.id);
      if (mine.length === 0) continue;
      // Copy an earlier ranking of the same candidates now and then: ties become common.
      const same = pool.filter((r) => r.length === mine.length && r.every((x) => mine.includes(x)));
      const ranking = same.length && rand() < 0.4 ? pick(same) : shuffle(mine);
      pool.push(ranking);
      const roll = rand();
      ballots.push({ voter: v.id, state: roll < 0.12 ? 'invalidated' : roll < 0.2 ? 'draft' : 'submitted', ranking });
    }
    await db.pool.query(`insert into app.vote_ballots (event_id, eligibility_id, voter_id, state, revision, draft, ranking, accepted_at, submitted_at, invalidated_at, invalidation_reason)
      select $1, $2, (b ->> 'voter')::uuid, b ->> 'state', 1,
        case when b ->> 'state' = 'draft' then array(select jsonb_array_elements_text(b -> 'ranking'))::uuid[] end,
        case when b ->> 'state' <> 'draft' then array(select jsonb_array_elements_text(b -> 'ranking'))::uuid[] end,
        now(), now(), case when b ->> 'state' = 'invalidated' then now() end, case when b ->> 'state' = 'invalidated' then 'random' end
      from jsonb_array_elements($3::jsonb) b`, [fx.eventId, eligibilityId, JSON.stringify(ballots)]);
    const counted = ballots.filter((b) => b.state === 'submitted').map((b) => b.ranking);
    const expected = recount(included, counted);
    const got = (await fx.call('owner', 'app.calculate_vote_results()')).result;
    const where = `seed ${SEED}, iteration ${it}`;
    t.deepEqual(got.rows, expected.rows, where);
    t.deepEqual(got.ties, expected.ties, where);
    t.is(got.digest, expected.digest, where);
    t.like(got.coverage, { submitted: counted.length, invalidated: ballots.filter((b) => b.state === 'invalidated').length, candidates: m, excludedCandidates: TEAM_COUNT - m }, where);
    if (expected.ties.length) ties++;
    if (expected.rows.some((r) => r.rank === null)) unranked++;
    if (new Set(counted.map((b) => b.length)).size > 1) multiLength++;
  }
  // The generator reached the cases that matter.
  t.true(ties > ITERATIONS / 10, `ties in ${ties} sets`);
  t.true(unranked > 5, `unranked candidates in ${unranked} sets`);
  t.true(multiLength > ITERATIONS / 4, `ballots of two lengths in ${multiLength} sets`);
});
