// `hackathon open [dashboard|team|vote]`: prints the event page's URL on the selected
// profile's instance and opens it in the browser (the platform opener, the URL as one
// argument). No key, no network call: the pages sign the browser in themselves.
import { CliError, EXIT } from '../../lib/errors.ts';
import { openUrl } from '../../lib/opener.ts';
import { command } from '../command.ts';

/** The event pages (api/pages/event): the dashboard (home), the team page, the community vote. */
export const EVENT_PAGES = { dashboard: '/event', team: '/event/team', vote: '/event/vote' } as const;
type Page = keyof typeof EVENT_PAGES;

export const open = command({
  path: 'open',
  summary: 'Open the event dashboard, team or vote page in the browser',
  usage: 'Usage: hackathon open [dashboard|team|vote] [--json]\n\nPrints the page URL and opens it (default: dashboard); --json prints { page, url } and opens nothing.',
  async run(opts, ctx) {
    if (opts.args.length > 1) throw new CliError(`unexpected argument ${opts.args[1]}`, EXIT.usage, 'usage');
    const page = (opts.args[0] ?? 'dashboard') as Page;
    if (!Object.hasOwn(EVENT_PAGES, page)) throw new CliError(`no page ${opts.args[0]}: name dashboard, team or vote`, EXIT.rejected, 'invalid_input');
    const url = ctx.profile().url + EVENT_PAGES[page];
    if (ctx.json) return ctx.printJson({ page, url });
    ctx.out(url);
    if (!(await openUrl(url, ctx.io.env))) ctx.err('Could not start the browser opener; open the URL above yourself.');
  },
});
