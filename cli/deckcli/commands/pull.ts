// `deckcli pull`: a version's manifest, then every blob streamed to disk through the
// untrusted-answer writer (paths re-validated, size-capped, sha-checked before rename,
// no symlink followed, never executable), attachments included; then the link file.
import { existsSync, lstatSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DeckFile } from '../../../core/wire/deck.ts';
import { wholeNumber } from '../../lib/checks.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import { command } from '../command.ts';
import { linkBaseUrl, readLink, writeLink } from '../link-file.ts';
import { writeVerified } from '../publish/safe-write.ts';
import { megabytes } from '../publish/upload.ts';

export const pull = command({
  path: 'pull',
  summary: 'Download a version of a deck into a folder',
  usage: 'Usage: deckcli pull [folder] [--id <deckId>] [--version <n>] [--json]\n\nIn a linked folder the deck is the linked one; elsewhere pass --id.',
  flags: { id: { type: 'string' }, version: { type: 'string' } },
  async run(opts, ctx) {
    if (opts.args.length > 1) throw new CliError('pull takes one folder', EXIT.usage, 'usage');
    const dest = path.resolve(opts.args[0] ?? '.');
    const version = opts.version === undefined ? null : wholeNumber(opts.version, '--version', 1);
    if (existsSync(dest) && !lstatSync(dest).isDirectory()) throw new CliError(`${dest} is not a folder`, EXIT.rejected, 'invalid_input');
    const link = existsSync(dest) ? readLink(dest) : null;
    const named = ctx.namedInstance();
    const linked = link ? linkBaseUrl(link, dest) : null;
    if (named && linked && named.url !== linked) {
      throw new CliError(`${path.join(dest, '.deckcli.json')} links this folder to ${linked}, not ${named.url}; nothing was written`, EXIT.rejected, 'instance_mismatch');
    }
    const url = named?.url ?? linked;
    if (!url) throw new CliError('no instance named: pass --api-url <url> or set DECKS_API_URL (deckcli has no default instance)', EXIT.usage, 'no_instance');
    ctx.useInstance(url);
    const id = (opts.id) ?? link?.presentationId;
    if (!id) throw new CliError(`${dest} is not linked to a deck: pass --id <deckId>`, EXIT.usage, 'usage');
    if (link && opts.id && opts.id !== link.presentationId) {
      throw new CliError(`${dest} is linked to deck ${link.presentationId}, not ${opts.id}; pull into another folder`, EXIT.rejected, 'link_mismatch');
    }
    const client = await ctx.client();
    const deck = await client.call('GET /api/v1/presentations/:id', { params: { id: encodeURIComponent(id) } });
    const files = await client.all<DeckFile>(`/api/v1/presentations/${encodeURIComponent(id)}/files${version ? `?version=${version}` : ''}`);
    mkdirSync(dest, { recursive: true });
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const f = files[next++];
        await writeVerified(dest, f.path, await client.download(`/files/${encodeURIComponent(f.sha256)}/content`), f.size, f.sha256);
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, files.length) }, worker));
    writeLink(dest, { presentationId: deck.id, baseUrl: url });
    const bytes = files.reduce((n, f) => n + f.size, 0);
    const pulled = version ?? deck.version;
    if (ctx.json) return ctx.printJson({ presentation: { id: deck.id, title: deck.title }, version: pulled, directory: dest, files: files.length, sizeBytes: bytes });
    ctx.out(`Pulled ${deck.title} version ${pulled}: ${files.length} files (${megabytes(bytes)} MB) into ${dest}`);
  },
});
