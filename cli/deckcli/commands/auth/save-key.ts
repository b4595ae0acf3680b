// Saves a key made in the dashboard into the profile of an instance, after checking it there
// (GET /api/v1/me). The key is read from a prompt on a terminal, else from the first stdin
// line, never from the command line (argv is visible to other processes and kept in shell
// history).
import { CliError, EXIT } from '../../../lib/errors.ts';
import { readStdinLineOnce } from '../../../lib/io.ts';
import { ask } from '../../../lib/prompt.ts';
import { profileNameForUrl } from '../../../lib/url.ts';
import { WireError } from '../../../../client/errors.ts';
import { command } from '../../command.ts';
import { USER_AGENT } from '../../context.ts';

export const saveKey = command({
  path: 'auth save-key',
  summary: 'Save a key made in the dashboard into the instance\'s profile (read from stdin or a prompt)',
  usage:
    'Usage: deckcli auth save-key --api-url <url>   (paste the key when asked, or pipe it: ... | deckcli auth save-key --api-url <url>)\n\n' +
    'The key must start with dk_ and is checked against the instance before it is saved; the profile becomes active.',
  async run(opts, ctx) {
    if (opts.apiKey !== undefined || ctx.given('--api-key')) {
      throw new CliError('auth save-key never takes the key on the command line (other processes and your shell history see it): paste it when asked, or pipe it on stdin', EXIT.rejected, 'invalid_input');
    }
    const { url } = ctx.instance();
    const stdin = ctx.io.stdin as NodeJS.ReadStream;
    const key = (stdin.isTTY && !opts.apiKeyStdin ? await ask(ctx.io, 'Paste the key (dk_...): ', 'key') : await readStdinLineOnce(ctx.io, 'the key')).trim();
    if (!key.startsWith('dk_')) throw new CliError('that is not a deck key: keys for this tool start with dk_', EXIT.rejected, 'invalid_input');
    const me = await ctx.wireClient({ baseUrl: url, key, userAgent: USER_AGENT }).call('GET /api/v1/me').catch((err) => {
      if (err instanceof WireError && err.status === 401) throw new CliError(`${url} does not accept this key (unknown, expired or revoked); nothing was saved`, EXIT.access, 'unauthorized');
      throw err;
    });
    const name = ctx.store.byUrl(url)?.[0] ?? profileNameForUrl(url);
    ctx.store.put(name, { ...(ctx.store.get(name) ?? {}), baseUrl: url, apiKey: key });
    ctx.store.setActive(name);
    ctx.store.save();
    const k = me.key;
    if (ctx.json) return ctx.printJson({ profile: name, baseUrl: url, user: me.user, key: k ? { name: k.name, scopes: k.scopes, workspaceId: k.workspaceId, expiresAt: k.expiresAt } : null });
    ctx.done(`Saved the key${k ? ` "${k.name}" (${k.scopes.join(', ')})` : ''} of ${me.user.email} in profile ${name} (now active)`);
  },
});
