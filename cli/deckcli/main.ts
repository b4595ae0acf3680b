// `deckcli`: the deck publishing client. Talks only the wire contract.
// Lists the nouns and one-word commands; each registers without loading its code
// (cli/lib/dispatch.ts), so the help and completion start without any command's code.
import type { AnyFlags } from 'meow';
import { dispatch } from '../lib/dispatch.ts';
import { processIo, type Io } from '../lib/io.ts';
import { dev, list, login, logout, mcp, notify, open, profiles, pull, push, remove, response, responses, share, shareEmail, tokens, versions, views, whoami } from './commands/index.ts';
import { auth } from './commands/auth/index.ts';
import { config } from './commands/config/index.ts';
import { files } from './commands/files/index.ts';
import type { Context } from './context.ts';
import { VERSION } from './version.ts';

export const GROUPS = [
  { title: 'Publish', items: [push, pull, versions, files, list, open, dev, remove] },
  { title: 'Share', items: [share, shareEmail, tokens, views, responses, response, notify] },
  { title: 'Sign-in and profiles', items: [login, auth, logout, whoami, profiles, config] },
  { title: 'Agents', items: [mcp] },
];

export const GLOBAL_FLAGS: AnyFlags = {
  apiUrl: { type: 'string', aliases: ['url'] },
  apiKey: { type: 'string' },
  apiKeyStdin: { type: 'boolean' },
  profile: { type: 'string' },
  json: { type: 'boolean' },
  color: { type: 'boolean', default: true }, // --no-color (cli/lib/colour.ts)
};

const GLOBAL_HELP = `Global options:
  --api-url <url> (--url)   instance address (or DECKS_API_URL); there is no default instance
  --api-key <key>           key on the command line (visible to other processes; avoid)
  --api-key-stdin           read the key from the first line of stdin
  --profile <name>          profile to use
  --json                    print the wire shape; errors go to stderr
  --no-color                no colour (also off with NO_COLOR, --json, or output that is not a terminal)

Key precedence: --api-key, --api-key-stdin, DECKS_API_KEY, the profile's key, the cached hub key of the
instance, then (cloud instances) one exchange of the hub login shared with hackathon.`;

export function main(argv: string[], io: Io = processIo()): Promise<number> {
  return dispatch<Context>(
    {
      name: 'deckcli',
      title: 'publish and share decks on a Podium instance',
      version: VERSION,
      groups: GROUPS,
      globalFlags: GLOBAL_FLAGS,
      globalHelp: GLOBAL_HELP,
      context: async (io, flags, input, argv) => new (await import('./context.ts')).Context(io, flags as never, input, argv),
      profileNames: async (env) => Object.keys(new (await import('../lib/deckcli-profiles.ts')).DeckProfileStore(env, { importLegacy: false }).data.profiles).sort(),
    },
    argv,
    io,
  );
}
