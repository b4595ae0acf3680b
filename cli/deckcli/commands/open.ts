// Composes the deck page URL from the folder's link file: no key, no network call.
import { CliError, EXIT } from '../../lib/errors.ts';
import { openUrl } from '../../lib/opener.ts';
import { command } from '../command.ts';
import { deckPageUrl, linkBaseUrl, readLink } from '../link-file.ts';

export const open = command({
  path: 'open',
  summary: "Open a linked folder's deck page in the browser",
  usage: 'Usage: deckcli open <folder> [--json]',
  async run(opts, ctx) {
    const [folder] = opts.args;
    if (!folder || opts.args.length > 1) throw new CliError('name exactly one deck folder', EXIT.usage, 'usage');
    const link = readLink(folder);
    if (!link) throw new CliError(`${folder} is not linked to a deck yet: publish it first with deckcli push ${folder}`, EXIT.rejected, 'not_linked');
    const baseUrl = linkBaseUrl(link, folder);
    const url = deckPageUrl(baseUrl, link.presentationId);
    if (ctx.json) return ctx.printJson({ presentationId: link.presentationId, baseUrl, url });
    ctx.out(url);
    if (!(await openUrl(url, ctx.io.env))) ctx.err('Could not start the browser opener; open the URL above yourself.');
  },
});
