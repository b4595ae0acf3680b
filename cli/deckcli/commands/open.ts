// Composes the deck page URL from the folder's link file: no key, no network call.
import { CliError, EXIT } from '../../lib/errors.ts';
import { openUrl } from '../../lib/opener.ts';
import type { Command } from '../command.ts';
import { deckPageUrl, linkBaseUrl, readLink } from '../link-file.ts';

export const open: Command = {
  path: 'open',
  summary: "Open a linked folder's deck page in the browser",
  usage: 'Usage: deckcli open <folder> [--json]',
  async run(ctx) {
    const [folder] = ctx.input;
    if (!folder || ctx.input.length > 1) throw new CliError('name exactly one deck folder', EXIT.usage);
    const link = readLink(folder);
    if (!link) throw new CliError(`${folder} is not linked to a deck yet: publish it first with deckcli push ${folder}`, EXIT.rejected, 'not_linked');
    const baseUrl = linkBaseUrl(link, folder);
    const url = deckPageUrl(baseUrl, link.presentationId);
    if (ctx.json) return ctx.printJson({ presentationId: link.presentationId, baseUrl, url });
    ctx.out(url);
    if (!(await openUrl(url, ctx.io.env))) ctx.err('Could not start the browser opener; open the URL above yourself.');
  },
};
