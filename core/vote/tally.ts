// The community vote's method, recomputed from an exported ballot file with nothing but
// integers (BigInt): what `podium vote recount <file>` runs, so "anyone can recount" is a
// command. The same definitions as sql/migrations/000068_vote_results.sql and docs/VOTING.md:
//   - on a ballot ranking k candidates the one at position p (1-based) gets (k - p) / (k - 1),
//     k = 1 gives 1; a candidate's score is the mean over the ballots that rank it, in lowest terms;
//   - ranked by score (equal fractions share a rank: 1, 1, 3), unranked when no ballot ranks it;
//   - decimal: the exact score rounded half up to 4 places;
//   - digest: the first 12 hex characters of sha256("podium-vote-v1\n" + "eligibility <v>\n" +
//     one line per ballot, ids joined by ",", lines in byte order, each ending in "\n").
import { createHash } from 'node:crypto';
import { UUID_RE } from '../ids.ts';

export const EXPORT_FORMAT = 'podium-vote-ballots/1';

export interface BallotFile {
  format: string;
  eligibilityVersion: number;
  resultVersion?: number;
  digest?: string;
  candidates: { projectId: string; name: string }[];
  ballots: string[][];
}

export interface TallyRow {
  rank: number | null;
  projectId: string;
  name: string;
  score: string | null;
  fraction: string | null;
  ballots: number;
}

export interface Tally {
  rows: TallyRow[];
  ties: { rank: number; projectIds: string[]; names: string[] }[];
  digest: string;
  ballots: number;
}

/** Checks a parsed export; answers the problem as a sentence, or null. */
export function fileProblem(f: unknown): string | null {
  if (f === null || typeof f !== 'object' || Array.isArray(f)) return 'the file is not a JSON object';
  const x = f as Record<string, unknown>;
  if (x.format !== EXPORT_FORMAT) return `format must be "${EXPORT_FORMAT}"`;
  if (!Number.isInteger(x.eligibilityVersion) || (x.eligibilityVersion as number) < 1) return 'eligibilityVersion must be a whole number from 1';
  if (!Array.isArray(x.candidates)) return 'candidates must be an array';
  const ids = new Set<string>();
  for (const [i, c] of (x.candidates as unknown[]).entries()) {
    const cc = c as Record<string, unknown> | null;
    if (!cc || typeof cc.projectId !== 'string' || !UUID_RE.test(cc.projectId) || typeof cc.name !== 'string') return `candidates.${i} must be { projectId, name }`;
    if (ids.has(cc.projectId)) return `candidates.${i}: ${cc.projectId} is named twice`;
    ids.add(cc.projectId);
  }
  if (!Array.isArray(x.ballots)) return 'ballots must be an array';
  for (const [i, b] of (x.ballots as unknown[]).entries()) {
    if (!Array.isArray(b) || b.length === 0) return `ballots.${i} must be a non-empty array of project ids`;
    const seen = new Set<string>();
    for (const [j, id] of b.entries()) {
      if (typeof id !== 'string' || !ids.has(id)) return `ballots.${i}.${j} is not one of the candidates`;
      if (seen.has(id)) return `ballots.${i}: ${id} is named twice`;
      seen.add(id);
    }
  }
  if (x.digest !== undefined && (typeof x.digest !== 'string' || !/^[0-9a-f]{12}$/.test(x.digest))) return 'digest must be 12 hexadecimal characters';
  return null;
}

export function canonical(eligibilityVersion: number, ballots: string[][]): string {
  const lines = ballots.map((b) => b.join(',')).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `podium-vote-v1\neligibility ${eligibilityVersion}\n` + lines.map((l) => l + '\n').join('');
}

export function digestOf(eligibilityVersion: number, ballots: string[][]): string {
  return createHash('sha256').update(canonical(eligibilityVersion, ballots), 'utf8').digest('hex').slice(0, 12);
}

const gcd = (a: bigint, b: bigint): bigint => {
  while (b) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
};

export function tally(f: BallotFile): Tally {
  // Per candidate, the sum of points as one fraction num/den (kept reduced) and the ballots.
  const num = new Map<string, bigint>();
  const den = new Map<string, bigint>();
  const count = new Map<string, number>();
  for (const b of f.ballots) {
    const k = b.length;
    b.forEach((id, i) => {
      const [pn, pd] = k === 1 ? [1n, 1n] : [BigInt(k - (i + 1)), BigInt(k - 1)];
      const n0 = num.get(id) ?? 0n;
      const d0 = den.get(id) ?? 1n;
      let n = n0 * pd + pn * d0;
      let d = d0 * pd;
      const g = gcd(n, d) || 1n;
      n /= g;
      d /= g;
      num.set(id, n);
      den.set(id, d);
      count.set(id, (count.get(id) ?? 0) + 1);
    });
  }
  const byName = (a: { name: string; projectId: string }, b: { name: string; projectId: string }) => {
    const x = a.name.toLowerCase();
    const y = b.name.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : 0;
  };
  const scored = f.candidates.filter((c) => count.has(c.projectId)).map((c) => {
    const n = num.get(c.projectId)!;
    const d = den.get(c.projectId)! * BigInt(count.get(c.projectId)!);
    const g = gcd(n, d) || 1n;
    return { ...c, n: n / g, d: d / g, ballots: count.get(c.projectId)! };
  });
  const greater = (a: { n: bigint; d: bigint }, b: { n: bigint; d: bigint }) => a.n * b.d > b.n * a.d;
  const ranked = scored.map((c) => ({ ...c, rank: 1 + scored.filter((o) => greater(o, c)).length })).sort((a, b) => a.rank - b.rank || byName(a, b));
  const decimal = (n: bigint, d: bigint) => {
    const q = (2n * n * 10000n + d) / (2n * d);
    return `${q / 10000n}.${String(q % 10000n).padStart(4, '0')}`;
  };
  const rows: TallyRow[] = [
    ...ranked.map((c) => ({ rank: c.rank, projectId: c.projectId, name: c.name, score: decimal(c.n, c.d), fraction: `${c.n}/${c.d}`, ballots: c.ballots })),
    ...f.candidates.filter((c) => !count.has(c.projectId)).sort(byName).map((c) => ({ rank: null, projectId: c.projectId, name: c.name, score: null, fraction: null, ballots: 0 })),
  ];
  const ties: Tally['ties'] = [];
  for (const r of ranked) {
    const last = ties[ties.length - 1];
    const same = ranked.filter((o) => o.rank === r.rank);
    if (same.length > 1 && last?.rank !== r.rank) ties.push({ rank: r.rank, projectIds: same.map((o) => o.projectId), names: same.map((o) => o.name) });
  }
  return { rows, ties, digest: digestOf(f.eligibilityVersion, f.ballots), ballots: f.ballots.length };
}
