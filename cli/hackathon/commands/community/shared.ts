// What the community verbs share: the ranking and number checks made before any request,
// the ballot read that fills in omitted versions, and how results print.
import type { Ballot, EligibilityFile, VoteResult } from '../../../../core/wire/community.ts';
import { wholeNumber } from '../../../lib/checks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { Paint } from '../../../lib/colour.ts';
import { table } from '../../../lib/table.ts';
import type { Context } from '../../context.ts';
import { isId, pickByName } from '../../names.ts';
import { UUID_RE as UUID } from '../../../../core/ids.ts';

export const INT4_MAX = 2_147_483_647;

/** `--ranking <ids or names>`: project ids or team names, comma-separated, best first (blank entries dropped). */
export function parseRanking(value: string | undefined, forSubmission: boolean): string[] {
  if (value === undefined) throw new CliError('--ranking <ids> is required: project ids, comma-separated, best first', forSubmission ? EXIT.rejected : EXIT.usage, forSubmission ? 'invalid_input' : 'usage');
  const ids = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (forSubmission && ids.length === 0) {
    throw new CliError('an empty ranking cannot be submitted: rank every candidate (see community ballot show)', EXIT.rejected, 'invalid_input');
  }
  return ids;
}

/**
 * The eligibility version and expected revision of a ballot write: the flags when given
 * (whole numbers, checked before any request), else read from the ballot first.
 */
export async function ballotVersions(ctx: Context, opts: { eligibilityVersion?: string; expectedRevision?: string }): Promise<{ eligibilityVersion: number; expectedRevision: number }> {
  const ev = opts.eligibilityVersion === undefined ? undefined : wholeNumber(opts.eligibilityVersion, '--eligibility-version', 1, INT4_MAX);
  const er = opts.expectedRevision === undefined ? undefined : wholeNumber(opts.expectedRevision, '--expected-revision', 0, INT4_MAX);
  if (ev !== undefined && er !== undefined) return { eligibilityVersion: ev, expectedRevision: er };
  const ballot = await readBallot(ctx);
  return { eligibilityVersion: ev ?? ballot.eligibilityVersion, expectedRevision: er ?? ballot.revision };
}

const ballots = new WeakMap<Context, Promise<Ballot>>();
/** `GET /api/v1/community/ballot`, read at most once per command. */
function readBallot(ctx: Context): Promise<Ballot> {
  let b = ballots.get(ctx);
  if (!b) ballots.set(ctx, (b = ctx.client().then((c) => c.call('GET /api/v1/community/ballot'))));
  return b;
}

/**
 * The ranking as project ids: ids are sent as is (the server judges them); team names
 * (case-insensitive) are looked up among the candidates you rank (one ballot read, shared with
 * the versions). Your own team's name is refused as such (`own_team`, exit 2), not as a name
 * that matches nothing; any other name that is no candidate (an excluded team) is exit 2
 * listing the candidates.
 */
export async function rankingIds(ctx: Context, entries: string[]): Promise<string[]> {
  if (entries.every(isId)) return entries;
  const ballot = await readBallot(ctx);
  const candidates = ballot.candidates.map((c) => ({ id: c.projectId, names: [c.name], label: c.name }));
  return entries.map((e, i) => {
    if (isId(e)) return e;
    if (ballot.team && e.trim().toLowerCase() === ballot.team.name.toLowerCase() && !candidates.some((c) => c.id === ballot.team.id)) {
      throw new CliError(`position ${i + 1}: you cannot rank your own team (${ballot.team.name}); rank every other candidate: ${candidates.map((c) => c.label).join(', ')}`, EXIT.rejected, 'own_team');
    }
    try {
      return pickByName(e, candidates, 'candidate');
    } catch (err) {
      if (err instanceof CliError) throw new CliError(`position ${i + 1}: ${err.message}`, err.exitCode, err.code);
      throw err;
    }
  });
}


/** The eligibility file's shape, checked before any request (exit 2 naming the field). */
export function checkEligibilityFile(value: unknown, file: string): EligibilityFile {
  const fail = (field: string, what: string): never => {
    throw new CliError(`${file}: ${field} ${what}`, EXIT.rejected, 'invalid_input');
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('the file', 'must be a JSON object { excludedProjects?, excludedVoters?, confirmedProjects? }');
  const f = value as Record<string, unknown>;
  for (const k of Object.keys(f)) if (!['excludedProjects', 'excludedVoters', 'confirmedProjects'].includes(k)) fail(k, 'is not a field of the eligibility file (excludedProjects, excludedVoters, confirmedProjects)');
  const reason = (v: unknown, field: string) => {
    if (typeof v !== 'string' || v.trim().length < 1 || v.length > 500 || /[\u0000-\u001f\u007f]/.test(v)) fail(field, 'must be a reason of 1 to 500 characters on one line');
  };
  const entries = (k: string, keys: string[]) => {
    const list = f[k];
    if (list === undefined) return;
    if (!Array.isArray(list)) fail(k, 'must be an array');
    (list as unknown[]).forEach((item, i) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) fail(`${k}.${i}`, `must be { ${keys.join(', ')} }`);
      for (const kk of Object.keys(item as object)) if (!keys.includes(kk)) fail(`${k}.${i}.${kk}`, 'is not a field');
      const o = item as Record<string, unknown>;
      if (keys[0] === 'projectId' && (typeof o.projectId !== 'string' || !UUID.test(o.projectId))) fail(`${k}.${i}.projectId`, 'must be a project id');
      if (keys[0] === 'email' && (typeof o.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(o.email))) fail(`${k}.${i}.email`, 'must be an email address');
      reason(o.reason, `${k}.${i}.reason`);
    });
  };
  entries('excludedProjects', ['projectId', 'reason']);
  entries('excludedVoters', ['email', 'reason']);
  if (f.confirmedProjects !== undefined) {
    if (!Array.isArray(f.confirmedProjects)) fail('confirmedProjects', 'must be an array of project ids');
    (f.confirmedProjects as unknown[]).forEach((p, i) => {
      if (typeof p !== 'string' || !UUID.test(p)) fail(`confirmedProjects.${i}`, 'must be a project id');
    });
  }
  return f as EligibilityFile;
}

/** The columns of a result table (podium vote recount prints the same). */
export const RESULT_HEAD = ['RANK', 'SCORE', 'FRACTION', 'BALLOTS', 'NAME'];

/** The rows of a result: rank, decimal score, fraction, ballots, name (`-` when unranked). */
export function resultRows(r: VoteResult, paint?: Paint): string[] {
  return table(RESULT_HEAD, r.rows.map((x) => [x.rank === null ? '-' : String(x.rank), x.score ?? '-', x.fraction ?? '-', `${x.ballots} ${x.ballots === 1 ? 'ballot' : 'ballots'}`, x.name]), { indent: '  ', paint });
}

export function tieLines(r: VoteResult): string[] {
  return r.ties.map((t) => `Tie at rank ${t.rank}: ${t.names.join(', ')}`);
}

export function coverageLine(r: VoteResult): string {
  const c = r.coverage;
  return `Coverage: ${c.submitted} of ${c.voters} voters submitted, ${c.invalidated} invalidated, ${c.candidates} candidates, exclusions: ${c.excludedCandidates} ${c.excludedCandidates === 1 ? 'project' : 'projects'}, ${c.excludedVoters} ${c.excludedVoters === 1 ? 'voter' : 'voters'}`;
}

export function resultHeading(r: VoteResult): string {
  return `version ${r.version} (eligibility v${r.eligibilityVersion}, calculated ${r.calculatedAt}, ${r.released ? 'released' : 'unreleased'}, digest ${r.digest})`;
}
