// `deckcli`: the deck publishing client. Talks only the wire contract.
import type { AnyFlags } from 'meow';
import { dispatch } from '../lib/dispatch.ts';
import { processIo, type Io } from '../lib/io.ts';
import type { Command } from './command.ts';
import { loginComplete } from './commands/auth/login-complete.ts';
import { loginRequest } from './commands/auth/login-request.ts';
import { saveKey } from './commands/auth/save-key.ts';
import { login } from './commands/login.ts';
import { profiles } from './commands/profiles.ts';
import { whoami } from './commands/whoami.ts';
import { configClear } from './commands/config/clear.ts';
import { dev } from './commands/dev.ts';
import { logout } from './commands/logout.ts';
import { open } from './commands/open.ts';
import { pull } from './commands/pull.ts';
import { list } from './commands/list.ts';
import { versions } from './commands/versions.ts';
import { filesList } from './commands/files/list.ts';
import { views } from './commands/views.ts';
import { notify } from './commands/notify.ts';
import { remove } from './commands/delete.ts';
import { responses } from './commands/responses.ts';
import { response } from './commands/response.ts';
import { share } from './commands/share.ts';
import { shareEmail } from './commands/share-email.ts';
import { tokens } from './commands/tokens.ts';
import { push } from './commands/push.ts';
import { mcp } from './commands/mcp.ts';
import { Context, VERSION } from './context.ts';

export const COMMANDS: Command[] = [push, pull, share, shareEmail, tokens, views, responses, response, notify, list, versions, filesList, remove, open, dev, login, loginRequest, loginComplete, saveKey, logout, whoami, profiles, configClear, mcp];

const GLOBAL_FLAGS: AnyFlags = {
  apiUrl: { type: 'string', aliases: ['url'] },
  apiKey: { type: 'string' },
  apiKeyStdin: { type: 'boolean' },
  profile: { type: 'string' },
  json: { type: 'boolean' },
};

const GLOBAL_HELP = `Global options:
  --api-url <url> (--url)   instance address (or DECKS_API_URL); there is no default instance
  --api-key <key>           key on the command line (visible to other processes; avoid)
  --api-key-stdin           read the key from the first line of stdin
  --profile <name>          profile to use
  --json                    print the wire shape; errors go to stderr

Key precedence: --api-key, --api-key-stdin, DECKS_API_KEY, the profile's key, the cached hub key of the
instance, then (cloud instances) one exchange of the hub login shared with hackathon.`;

export function main(argv: string[], io: Io = processIo()): Promise<number> {
  return dispatch(
    {
      name: 'deckcli',
      title: 'publish and share decks on a Podium instance',
      version: VERSION,
      commands: COMMANDS,
      globalFlags: GLOBAL_FLAGS,
      globalHelp: GLOBAL_HELP,
      context: (io, flags, input, argv) => new Context(io, flags as never, input, argv),
    },
    argv,
    io,
  );
}
