// `deckcli mcp [--root <folder>]`: the agent tool interface (Model Context Protocol) over
// stdio, with this profile's instance and key. The server and the SDK load only here.
import { CliError, EXIT } from '../../lib/errors.ts';
import { command } from '../command.ts';

export const mcp = command({
  path: 'mcp',
  summary: 'Serve the deck tools to a coding agent (Model Context Protocol over stdio)',
  usage:
    'Usage: deckcli mcp [--root <folder>]\n\n' +
    'Started by a coding agent (e.g. `claude mcp add decks -- deckcli mcp`): tools publish_deck, list_decks, show_deck, rename_deck,\n' +
    'delete_deck, share_deck, list_views, list_responses, with the instance and key of the active profile (or --api-url, DECKS_API_KEY...).\n' +
    'publish_deck reads folders inside --root only (default: the working directory).',
  flags: { root: { type: 'string' } },
  async run(opts, ctx) {
    if (opts.args.length) throw new CliError('mcp takes no arguments', EXIT.usage, 'usage');
    if (ctx.json) throw new CliError('mcp speaks the Model Context Protocol on stdout; --json does not apply', EXIT.usage, 'usage');
    const { serveStdio } = await import('../mcp/server.ts');
    await serveStdio(ctx, opts.root);
  },
});
