// The jury's method, recomputed from an exported score file with nothing but integers
// (BigInt): what `podium jury recount <file>` runs. The same definitions as
// sql/functions/app_private/jury_tally.sql, jury_canonical.sql and docs/JUDGING.md:
//   - a score's weighted value is sum(weight * value) / sum(weight);
//   - mean: a team's result is the mean of its scores' weighted values;
//   - rank: each juror's teams are ranked by weighted value (best first; equal values share
//     the mean of their positions), the team at position r of a juror with m teams gets
//     (m - r) / (m - 1) (m = 1 gives 1), and a team's result is the mean of its points;
//   - teams ranked by the exact fraction (equal fractions share a rank: 1, 1, 3), unranked
//     without a counted score; decimal: the fraction rounded half up to 4 places;
//   - digest: the first 12 hex characters of sha256 of the canonical text (jury_canonical).
import { createHash } from 'node:crypto';
import { UUID_RE } from '../ids.ts';

export const EXPORT_FORMAT = 'podium-jury-scores/1';

export interface ScoreFile {
  format: string;
  resultVersion?: number;
  digest?: string;
  method: 'mean' | 'rank';
  scale: { min: number; max: number };
  criteria: { name: string; weight: number }[];
  teams: { projectId: string; name: string }[];
  scores: { projectId: string; juror: string; values: number[] }[];
  jurors?: { juror: string; email: string; name: string | null }[];
}

export interface JuryRow {
  rank: number | null;
  projectId: string;
  name: string;
  score: string | null;
  fraction: string | null;
  scores: number;
}

export interface JuryTally {
  rows: JuryRow[];
  ties: { rank: number; projectIds: string[]; names: string[] }[];
  digest: string;
  scores: number;
}

const isWhole = (x: unknown, lo: number, hi: number) => Number.isInteger(x) && (x as number) >= lo && (x as number) <= hi;

/** Checks a parsed export; answers the problem as a sentence, or null. */
export function fileProblem(f: unknown): string | null {
  if (f === null || typeof f !== 'object' || Array.isArray(f)) return 'the file is not a JSON object';
  const x = f as Record<string, any>;
  if (x.format !== EXPORT_FORMAT) return `format must be "${EXPORT_FORMAT}"`;
  if (x.method !== 'mean' && x.method !== 'rank') return 'method must be "mean" or "rank"';
  if (!x.scale || !isWhole(x.scale.min, 0, 100) || !isWhole(x.scale.max, 0, 100) || x.scale.min >= x.scale.max) return 'scale must be { min, max }, whole numbers, min below max';
  if (!Array.isArray(x.criteria) || x.criteria.length === 0) return 'criteria must be a non-empty array';
  for (const [i, c] of x.criteria.entries()) {
    if (!c || typeof c.name !== 'string' || !c.name || /[\n\r]/.test(c.name) || !isWhole(c.weight, 1, 1000)) return `criteria.${i} must be { name, weight } with a whole weight from 1`;
  }
  if (!Array.isArray(x.teams)) return 'teams must be an array';
  const ids = new Set<string>();
  for (const [i, t] of x.teams.entries()) {
    if (!t || typeof t.projectId !== 'string' || !UUID_RE.test(t.projectId) || typeof t.name !== 'string') return `teams.${i} must be { projectId, name }`;
    if (ids.has(t.projectId)) return `teams.${i}: ${t.projectId} is named twice`;
    ids.add(t.projectId);
  }
  if (!Array.isArray(x.scores)) return 'scores must be an array';
  const pairs = new Set<string>();
  for (const [i, s] of x.scores.entries()) {
    if (!s || typeof s.projectId !== 'string' || !ids.has(s.projectId)) return `scores.${i}.projectId is not one of the teams`;
    if (typeof s.juror !== 'string' || !/^J[1-9]\d*$/.test(s.juror)) return `scores.${i}.juror must be a label J1, J2, ...`;
    if (!Array.isArray(s.values) || s.values.length !== x.criteria.length || !s.values.every((v: unknown) => isWhole(v, x.scale.min, x.scale.max))) {
      return `scores.${i}.values must hold one whole number of the scale per criterion`;
    }
    const key = `${s.juror} ${s.projectId}`;
    if (pairs.has(key)) return `scores.${i}: ${s.juror} scores ${s.projectId} twice`;
    pairs.add(key);
  }
  if (x.digest !== undefined && (typeof x.digest !== 'string' || !/^[0-9a-f]{12}$/.test(x.digest))) return 'digest must be 12 hexadecimal characters';
  return null;
}

const byteOrder = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return Buffer.compare(x, y);
};

export function canonical(f: Pick<ScoreFile, 'method' | 'scale' | 'criteria' | 'scores'>): string {
  const lines = f.scores.map((s) => `score ${s.projectId} ${s.juror} ${s.values.join(',')}`).sort(byteOrder);
  return `podium-jury-v1\nmethod ${f.method}\nscale ${f.scale.min} ${f.scale.max}\n`
    + f.criteria.map((c) => `criterion ${c.weight} ${c.name}\n`).join('')
    + lines.map((l) => l + '\n').join('');
}

export function digestOf(f: Pick<ScoreFile, 'method' | 'scale' | 'criteria' | 'scores'>): string {
  return createHash('sha256').update(canonical(f), 'utf8').digest('hex').slice(0, 12);
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};

/** Exact fraction n/d (d > 0), reduced. */
interface Frac { n: bigint; d: bigint }
const add = (a: Frac, b: Frac): Frac => {
  const n = a.n * b.d + b.n * a.d;
  const d = a.d * b.d;
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};

export function tally(f: ScoreFile): JuryTally {
  const weights = f.criteria.map((c) => BigInt(c.weight));
  const wTotal = weights.reduce((a, b) => a + b, 0n) || 1n;
  const scored = f.scores.map((s) => ({ ...s, ws: s.values.reduce((acc, v, i) => acc + BigInt(v) * weights[i]!, 0n) }));
  // Points per score as a fraction.
  const points = new Map<typeof scored[number], Frac>();
  if (f.method === 'mean') {
    for (const s of scored) points.set(s, { n: s.ws, d: wTotal });
  } else {
    const byJuror = new Map<string, typeof scored>();
    for (const s of scored) byJuror.set(s.juror, [...(byJuror.get(s.juror) ?? []), s]);
    for (const list of byJuror.values()) {
      const m = BigInt(list.length);
      for (const s of list) {
        if (m === 1n) {
          points.set(s, { n: 1n, d: 1n });
          continue;
        }
        const r = BigInt(1 + list.filter((o) => o.ws > s.ws).length); // rank() among the juror's teams
        const tie = BigInt(list.filter((o) => o.ws === s.ws).length);
        points.set(s, { n: 2n * m - 2n * r - tie + 1n, d: 2n * (m - 1n) });
      }
    }
  }
  const sum = new Map<string, Frac>();
  const count = new Map<string, number>();
  for (const s of scored) {
    sum.set(s.projectId, add(sum.get(s.projectId) ?? { n: 0n, d: 1n }, points.get(s)!));
    count.set(s.projectId, (count.get(s.projectId) ?? 0) + 1);
  }
  const byName = (a: { name: string; projectId: string }, b: { name: string; projectId: string }) => {
    const x = a.name.toLowerCase();
    const y = b.name.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : 0;
  };
  const teams = f.teams.filter((t) => count.has(t.projectId)).map((t) => {
    const s = sum.get(t.projectId)!;
    const d = s.d * BigInt(count.get(t.projectId)!);
    const g = gcd(s.n, d) || 1n;
    return { ...t, n: s.n / g, d: d / g, scores: count.get(t.projectId)! };
  });
  const greater = (a: Frac, b: Frac) => a.n * b.d > b.n * a.d;
  const ranked = teams.map((t) => ({ ...t, rank: 1 + teams.filter((o) => greater(o, t)).length })).sort((a, b) => a.rank - b.rank || byName(a, b));
  const decimal = (n: bigint, d: bigint) => {
    const q = (2n * n * 10000n + d) / (2n * d);
    return `${q / 10000n}.${String(q % 10000n).padStart(4, '0')}`;
  };
  const rows: JuryRow[] = [
    ...ranked.map((t) => ({ rank: t.rank, projectId: t.projectId, name: t.name, score: decimal(t.n, t.d), fraction: `${t.n}/${t.d}`, scores: t.scores })),
    ...f.teams.filter((t) => !count.has(t.projectId)).sort(byName).map((t) => ({ rank: null, projectId: t.projectId, name: t.name, score: null, fraction: null, scores: 0 })),
  ];
  const ties: JuryTally['ties'] = [];
  for (const r of ranked) {
    const same = ranked.filter((o) => o.rank === r.rank);
    if (same.length > 1 && ties[ties.length - 1]?.rank !== r.rank) ties.push({ rank: r.rank, projectIds: same.map((o) => o.projectId), names: same.map((o) => o.name) });
  }
  return { rows, ties, digest: digestOf(f), scores: f.scores.length };
}
