// `deckcli share <deckId>`: mints a share link (a push never does). The secret appears
// once, in the URL printed here; --json always carries `embed` next to the token and URL.
import { CliError, EXIT } from '../../lib/errors.ts';
import { wholeNumber } from '../../lib/checks.ts';
import { readStdinLineOnce } from '../../lib/io.ts';
import { command, type CommandOptions } from '../command.ts';
import type { Context } from '../context.ts';
import { onePathArg } from '../../lib/args.ts';

/** Durations like 30m, 12h, 7d, in minutes. */
export function minutesOf(raw: string): number {
  const m = /^(\d+)([mhd])$/.exec(raw);
  if (!m || Number(m[1]) === 0) throw new CliError(`--expires-in takes a duration like 30m, 12h or 7d, got ${raw}`, EXIT.rejected, 'invalid_input');
  return Number(m[1]) * { m: 1, h: 60, d: 1440 }[m[2] as 'm' | 'h' | 'd'];
}

/** --password <text>, --password-stdin, or DECKS_SHARE_PASSWORD (in that order); exactly one source. */
export async function sharePassword(opts: ShareOptions, ctx: Context): Promise<string | undefined> {
  if (opts.password !== undefined && opts.passwordStdin) throw new CliError('--password and --password-stdin conflict', EXIT.usage, 'usage');
  if (opts.password !== undefined) return opts.password;
  if (opts.passwordStdin) return readStdinLineOnce(ctx.io, '--password-stdin');
  return ctx.io.env.DECKS_SHARE_PASSWORD || undefined;
}

export const SHARE_FLAGS = {
  bar: { type: 'boolean', default: true },
  download: { type: 'boolean', default: true },
  forms: { type: 'boolean', default: true },
  password: { type: 'string' },
  passwordStdin: { type: 'boolean' },
  placement: { type: 'string' },
  name: { type: 'string' },
  version: { type: 'string' },
  expiresIn: { type: 'string' },
} as const;

export type ShareOptions = CommandOptions<typeof SHARE_FLAGS>;

export async function shareBody(opts: ShareOptions, ctx: Context): Promise<Record<string, unknown>> {
  const f = opts;
  const body: Record<string, unknown> = { showBar: f.bar !== false, canDownload: f.download !== false, formsEnabled: f.forms !== false };
  if (f.name !== undefined) body.name = f.name;
  if (f.version !== undefined) body.version = wholeNumber(f.version, '--version', 1);
  if (f.expiresIn !== undefined) body.expiresInMinutes = minutesOf(f.expiresIn);
  if (f.placement !== undefined) body.placement = f.placement;
  const password = await sharePassword(opts, ctx);
  if (password !== undefined) body.password = password;
  return body;
}

export const share = command({
  path: 'share',
  summary: 'Mint a share link for a deck',
  usage:
    'Usage: deckcli share <deckId> [--no-bar] [--no-download] [--no-forms] [--password <text> | --password-stdin] [--embed] [--placement <label>]\n' +
    '         [--name <name>] [--version <n>] [--expires-in <30m|12h|7d>] [--json]\n\n' +
    'The password may also come from DECKS_SHARE_PASSWORD. --version pins the link; without it the link follows the latest version.',
  flags: { ...SHARE_FLAGS, embed: { type: 'boolean' } },
  async run(opts, ctx) {
    const id = onePathArg(opts.args, 'deck id');
    const body = await shareBody(opts, ctx);
    const r = await (await ctx.client()).call('POST /api/v1/presentations/:id/share-links', { params: { id }, body, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(r.url);
    const t = r.token;
    // An unnamed link is named "Share link" by the instance: print it once, not "Share link Share link".
    const label = !t.name || t.name === 'Share link' ? 'Share link' : `Share link "${t.name}"`;
    ctx.err(
      `${label}: ${t.follows === 'pinned' ? `pinned to version ${t.pinnedVersion}` : 'follows the latest version'}, ` +
        `bar ${t.showBar ? 'on' : 'off'}, downloads ${t.canDownload ? 'on' : 'off'}, forms ${t.formsEnabled ? 'on' : 'off'}` +
        `${t.hasPassword ? ', password' : ''}${t.expiresAt ? `, expires ${t.expiresAt}` : ''}. The URL is shown only now.`,
    );
    if (opts.embed) {
      ctx.out('');
      ctx.out('Script embed:');
      ctx.out(`  ${r.embed.script}`);
      ctx.out('Iframe embed:');
      ctx.out(`  ${r.embed.iframe}`);
    }
  },
});
