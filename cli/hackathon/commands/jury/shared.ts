// What the jury verbs share: the score flag parser (checked before any request), the score
// file checks, and how results and progress print.
import type { JuryProgress, JuryResult } from '../../../../core/wire/jury.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { Paint } from '../../../lib/colour.ts';
import { table } from '../../../lib/table.ts';

export const INT4_MAX = 2_147_483_647;

/** `--score "Name=4"` (repeatable): criterion name and a whole number; exit 2 otherwise. */
export function parseScores(values: string[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values ?? []) {
    const m = /^\s*([^=]+?)\s*=\s*(\d{1,3})\s*$/.exec(v);
    if (!m) throw new CliError(`--score ${JSON.stringify(v)}: write "<criterion>=<whole number>", e.g. --score "Impact=4"`, EXIT.rejected, 'invalid_input');
    const name = m[1]!;
    if (Object.keys(out).some((k) => k.toLowerCase() === name.toLowerCase())) throw new CliError(`--score: ${name} is given twice`, EXIT.rejected, 'invalid_input');
    out[name] = Number(m[2]);
  }
  return out;
}

/** The team path segment (a name or an id). */
export const teamPath = (team: string) => encodeURIComponent(team.trim());

export function resultHeading(r: JuryResult): string {
  return `Jury results version ${r.version} (${r.method}), calculated ${r.calculatedAt}, ${r.released ? `released ${r.releasedAt}` : 'not released'}, digest ${r.digest}`;
}

export function resultRows(r: Pick<JuryResult, 'rows'>, paint?: Paint): string[] {
  const rows = r.rows.map((x) => [x.rank === null ? '-' : String(x.rank), x.score ?? '-', x.fraction ?? '-', `${x.scores}/${x.assigned ?? x.scores}`, x.name]);
  return table(['RANK', 'SCORE', 'FRACTION', 'SCORES', 'TEAM'], rows, { indent: '  ', paint });
}

export function tieLines(r: Pick<JuryResult, 'ties'>): string[] {
  return r.ties.map((t) => `Tie at rank ${t.rank}: ${t.names.join(', ')}`);
}

export function coverageLine(r: JuryResult): string {
  const c = r.coverage;
  return `Coverage: ${c.submitted} of ${c.assigned} assigned scores submitted, ${c.teamsScored} of ${c.teams} teams scored, ${c.jurors} jurors`;
}

export function progressLines(p: JuryProgress, paint?: Paint): string[] {
  const out = [`Judging ${p.state}: ${p.submitted} of ${p.assigned} scores submitted`];
  out.push('Teams:');
  out.push(...table(['SUBMITTED', 'DRAFTS', 'TEAM'], p.teams.map((t) => [`${t.submitted}/${t.assigned}`, String(t.drafts), t.team]), { indent: '  ', paint }));
  out.push('Jurors:');
  out.push(...table(['SUBMITTED', 'DRAFTS', 'LATE', 'JUROR'], p.jurors.map((j) => [`${j.submitted}/${j.assigned}`, String(j.drafts), j.late ? 'late' : '-', j.name ? `${j.juror} (${j.name})` : j.juror]), { indent: '  ', paint }));
  return out;
}
