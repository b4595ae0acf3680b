// Serves a deck folder locally, sandboxed as the instance serves it, with live reload.
import { CliError, EXIT } from '../../lib/errors.ts';
import { command } from '../command.ts';
import { collectFiles, detectEntry } from '../publish/files.ts';

export const dev = command({
  path: 'dev',
  summary: 'Serve a deck folder locally with live reload',
  usage: 'Usage: deckcli dev [folder] [--port <n>] [--entry <file>]',
  flags: { port: { type: 'string' }, entry: { type: 'string' } },
  async run(opts, ctx) {
    const folder = opts.args[0] ?? '.';
    const portRaw = (opts.port) ?? '4321';
    if (!/^\d+$/.test(portRaw) || Number(portRaw) > 65535) throw new CliError(`--port must be a port number, got ${portRaw}`, EXIT.rejected, 'invalid_input');
    const deck = collectFiles(folder);
    if (deck.singleFile) throw new CliError('deckcli dev serves a folder', EXIT.rejected, 'invalid_input');
    const entry = detectEntry(deck, opts.entry);
    // Loaded here, not at start: importing node:http builds its ESM facade, which loads undici.
    const { startDevServer } = await import('../dev/server.ts');
    const server = await startDevServer(folder, entry, Number(portRaw)).catch((err: NodeJS.ErrnoException) => {
      throw new CliError(err.code === 'EADDRINUSE' ? `port ${portRaw} is in use; pass --port` : err.message, EXIT.environment, 'environment');
    });
    ctx.out(`Serving ${deck.root} at ${server.url} (entry ${entry}); Ctrl-C stops`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await server.close();
  },
});
