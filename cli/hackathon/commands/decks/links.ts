// decks link / decks show (without a deck id): the team's three deck links, each a share
// link https://<host>/v/<token>/ of the deck service.
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { Context } from '../../context.ts';
import type { Command } from '../../command.ts';

const KINDS = [
  ['demo', 'Demo deck'],
  ['pitch', 'Presentation'],
  ['vote', 'Vote presentation'],
] as const;

export function shareLinkProblem(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (u.protocol !== 'https:') return 'must be an https URL';
  if (u.username || u.password || u.search || u.hash) return 'must carry no credentials, query or fragment';
  if (!/^\/v\/[A-Za-z0-9_-]+\/$/.test(u.pathname)) return 'must be a share link with path /v/<token>/';
  return null;
}

function print(ctx: Context, r: { team: { name: string }; demo: string | null; pitch: string | null; vote: string | null }): void {
  ctx.out(`Team: ${r.team.name}`);
  for (const [key, label] of KINDS) ctx.out(`${label}: ${r[key] ?? '-'}`);
}

export const decksShow: Command = {
  path: 'decks show',
  summary: "A team's three deck links",
  usage: 'Usage: hackathon decks show [--team <team>] [--json]',
  flags: { team: { type: 'string' } },
  async run(ctx) {
    if (ctx.input.length) throw new CliError(`unexpected argument ${ctx.input[0]}: decks show takes --team`, EXIT.usage);
    const r = await (await ctx.client()).request('GET', `/api/v1/event/deck-links${ctx.flags.team ? `?team=${encodeURIComponent(ctx.flags.team as string)}` : ''}`);
    if (ctx.json) return ctx.printJson(r);
    print(ctx, r);
  },
};

export const decksLink: Command = {
  path: 'decks link',
  summary: "Set a team's demo deck, presentation and vote presentation links",
  usage: 'Usage: hackathon decks link [--demo <url>] [--pitch <url>] [--vote <url>] [--clear demo|pitch|vote]... [--team <team>]',
  flags: { demo: { type: 'string' }, pitch: { type: 'string' }, vote: { type: 'string' }, clear: { type: 'string', isMultiple: true }, team: { type: 'string' } },
  async run(ctx) {
    const body: Record<string, unknown> = {};
    const clears = (ctx.flags.clear as string[] | undefined) ?? [];
    for (const c of clears) if (!KINDS.some(([k]) => k === c)) throw new CliError(`--clear takes demo, pitch or vote, got ${c}`, EXIT.rejected);
    for (const [key] of KINDS) {
      const v = ctx.flags[key] as string | undefined;
      if (v !== undefined && clears.includes(key)) throw new CliError(`--${key} and --clear ${key} conflict`, EXIT.rejected);
      if (v !== undefined) {
        const problem = shareLinkProblem(v);
        if (problem) throw new CliError(`--${key} ${problem}: ${v}`, EXIT.rejected, 'invalid_deck_link');
        body[key] = v;
      }
      if (clears.includes(key)) body[key] = null;
    }
    if (Object.keys(body).length === 0) throw new CliError('nothing to set: pass --demo, --pitch, --vote or --clear', EXIT.rejected);
    if (ctx.flags.team) body.team = ctx.flags.team;
    const r = await (await ctx.client()).request('PATCH', '/api/v1/event/deck-links', body);
    if (ctx.json) return ctx.printJson(r);
    print(ctx, r);
  },
};
