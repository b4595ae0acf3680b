// `deckcli push [path]`: check every file against the cap, hash, precheck, upload exactly
// what the instance lacks, commit the manifest on the expected base version. See the
// Push rules of the deck spec; the file rules live in ../publish/files.ts.
import path from 'node:path';
import { CliError, EXIT } from '../../lib/errors.ts';
import { openUrl } from '../../lib/opener.ts';
import { command } from '../command.ts';
import type { Context } from '../context.ts';
import { linkBaseUrl, readLink, writeLink, type DeckLink } from '../link-file.ts';
import { noInstance } from '../../lib/deckcli-profiles.ts';
import { attachmentsOf, collectFiles, detectEntry } from '../publish/files.ts';
import { publishDeck } from '../publish/publish.ts';
import { megabytes } from '../publish/upload.ts';
import { count, inMegabytes, size } from '../../lib/words.ts';

const KINDS = ['presentation', 'app', 'plan'];

/** The instance: named by flags/env/profile, else the link file's; both and different is an error. */
function chooseTarget(ctx: Context, link: DeckLink | null, folder: string): string {
  const named = ctx.namedInstance();
  const linked = link ? linkBaseUrl(link, folder) : null;
  if (named && linked && named.url !== linked) {
    throw new CliError(`${path.join(folder, '.deckcli.json')} links this folder to ${linked}, but this push targets ${named.url}; nothing was sent (push with --new to publish it there as a new deck)`, EXIT.rejected, 'instance_mismatch');
  }
  const url = named?.url ?? linked;
  if (!url) throw noInstance();
  ctx.useInstance(url);
  return url;
}

export const push = command({
  path: 'push',
  summary: 'Publish a folder (or one .html file) as a new version',
  usage:
    'Usage: deckcli push [path] [--title <t>] [--entry <file>] [--kind presentation|app|plan] [--interactive] [--id <deckId> | --new] [--open | --no-open] [--json]',
  flags: {
    title: { type: 'string' }, entry: { type: 'string' }, kind: { type: 'string' }, interactive: { type: 'boolean' },
    id: { type: 'string' }, new: { type: 'boolean' }, open: { type: 'boolean' },
  },
  async run(opts, ctx) {
    const f = opts;
    // DECKCLI_TRACE=1 prints where a push spends its time (stderr).
    const t0 = performance.now();
    const trace = ctx.io.env.DECKCLI_TRACE ? (what: string) => ctx.err(`[trace] ${what} +${(performance.now() - t0).toFixed(0)} ms`) : () => {};
    if (opts.args.length > 1) throw new CliError('push takes one path', EXIT.usage, 'usage');
    if (f.kind !== undefined && !KINDS.includes(f.kind)) throw new CliError(`--kind must be presentation, app or plan, got ${f.kind}`, EXIT.rejected, 'invalid_input');
    if (f.id && f.new) throw new CliError('--id and --new conflict', EXIT.usage, 'usage');
    if (ctx.given('--open') && ctx.given('--no-open')) throw new CliError('--open and --no-open conflict', EXIT.usage, 'usage');
    const target = opts.args[0] ?? '.';
    const deck = collectFiles(target); // skipped names and symlinks handled; no request yet
    const folder = deck.root;
    const existingLink = deck.singleFile ? null : readLink(folder);
    const link = f.new ? null : existingLink;
    const url = chooseTarget(ctx, link, folder);
    detectEntry(deck, f.entry); // refused before any key is looked for
    const client = await ctx.client();
    const deckId = (f.id) ?? link?.presentationId ?? null;
    const tty = Boolean((ctx.io.stderr as { isTTY?: boolean }).isTTY) && !ctx.json;
    const r = await publishDeck(
      {
        client,
        anon: await ctx.client({ auth: false }),
        env: ctx.io.env,
        trace,
        warn: (line) => ctx.err(line),
        progress: tty ? (n, b, total, totalBytes) => ctx.io.stderr.write(`\rUploading ${n}/${total} files, ${megabytes(b)}/${megabytes(totalBytes)} MB`) : null,
      },
      deck,
      { title: f.title, entry: f.entry, kind: f.kind, interactive: f.interactive, deckId },
    );
    if (tty && r.uploaded) ctx.io.stderr.write('\n');
    const answer = r.answer;
    const firstPush = !deck.singleFile && !existingLink;
    if (!deck.singleFile && (firstPush || f.new || existingLink?.presentationId !== answer.presentation.id)) {
      writeLink(folder, { presentationId: answer.presentation.id, baseUrl: url });
    }
    if (ctx.json) return ctx.printJson(answer);
    const att = attachmentsOf(deck);
    ctx.done(`Published ${answer.presentation.title ?? ''} version ${answer.version}`.replace('  ', ' '));
    ctx.out(`url: ${answer.url}`);
    ctx.out(`id: ${answer.presentation.id}`); // what deckcli share, tokens and views take
    // The deck spec's `Attachments: N files, X MB (downloads/)`, in megabytes like the per-file cap.
    if (att.count) ctx.out(`Attachments: ${count(att.count, 'file')}, ${inMegabytes(att.sizeBytes)} (downloads/)`);
    ctx.err(`Uploaded ${r.uploaded} of ${count(r.files, 'file')} (${size(r.uploadedBytes)}); ${r.files - r.uploaded} unchanged`);
    // The browser opens on the first push of a folder or with --open; never with --no-open,
    // never when stdout is not a terminal (and never on --json, above).
    const wantOpen = ctx.given('--no-open') ? false : Boolean(f.open) || firstPush;
    if (wantOpen && ctx.io.stdout.isTTY) {
      if (!(await openUrl(answer.url, ctx.io.env))) ctx.err('Could not start the browser opener; open the url above yourself.');
    }
  },
});
