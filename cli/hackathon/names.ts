// Names instead of ids: a team, channel or candidate named case-insensitively where the
// command would otherwise need a uuid. An id is sent as is (the server answers for it); a
// name costs one lookup of what the caller may read, and a name that matches nothing or
// several things is refused (exit 2) with a sentence listing the candidates, before the
// command's own request. One helper for every verb (submissions, decks, chats, ballots).
import { CliError, EXIT } from '../lib/errors.ts';
import { UUID_RE } from '../../core/ids.ts';

export const isId = (value: string): boolean => UUID_RE.test(value);

export interface Candidate {
  id: string;
  /** Every name this candidate answers to (compared case-insensitively). */
  names: string[];
  /** How it is listed among the candidates. */
  label: string;
}

/** The id of the one candidate named `given`; else exit 2 listing the candidates. */
export function pickByName(given: string, candidates: Candidate[], what: string): string {
  const wanted = given.trim().toLowerCase();
  const hits = candidates.filter((c) => c.names.some((n) => n.toLowerCase() === wanted));
  if (hits.length === 1) return hits[0].id;
  const pool = hits.length > 1 ? hits : candidates;
  const list = pool.map((c) => `  ${c.label} (${c.id})`).join('\n');
  if (hits.length > 1) {
    throw new CliError(`several ${what}s are named "${given}"; name one by its id:\n${list}`, EXIT.rejected, 'ambiguous_name');
  }
  throw new CliError(`no ${what} named "${given}" that you can read${list ? `; candidates:\n${list}` : ` (there is none)`}`, EXIT.rejected, 'unknown_name');
}

/** An id as is (lowercased), or a name looked up once through `load`. */
export async function resolveName(given: string, what: string, load: () => Promise<Candidate[]>): Promise<string> {
  if (isId(given)) return given.toLowerCase();
  return pickByName(given, await load(), what);
}
