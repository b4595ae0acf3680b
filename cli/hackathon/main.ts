// `hackathon`: the hackathon event client. Talks only the wire contract.
// Lists the nouns; each registers its verbs in commands/<noun>/index.ts without loading them
// (cli/lib/dispatch.ts), so the help and completion start without any command's code.
import type { AnyFlags } from 'meow';
import { dispatch } from '../lib/dispatch.ts';
import { processIo, type Io } from '../lib/io.ts';
import { connect, doctor, gitCredential, login, logout, open, profiles, results, setup, tui, use, whoami, workspaces } from './commands/index.ts';
import { admin } from './commands/admin/index.ts';
import { chats } from './commands/chats/index.ts';
import { community } from './commands/community/index.ts';
import { decks } from './commands/decks/index.ts';
import { demo } from './commands/demo/index.ts';
import { event } from './commands/event/index.ts';
import { feed } from './commands/feed/index.ts';
import { files } from './commands/files/index.ts';
import { jury } from './commands/jury/index.ts';
import { projects } from './commands/projects/index.ts';
import { requests } from './commands/requests/index.ts';
import { showcase } from './commands/showcase/index.ts';
import { submissions } from './commands/submissions/index.ts';
import { teams } from './commands/teams/index.ts';
import { workspace } from './commands/workspace/index.ts';
import type { Context } from './context.ts';
import { VERSION } from './version.ts';

export const GROUPS = [
  { title: 'Getting started', items: [connect, setup, doctor] },
  { title: 'Sign-in and profiles', items: [login, logout, use, profiles, whoami, workspaces, workspace] },
  { title: 'The event', items: [event, submissions, admin, decks, showcase, demo, files] },
  { title: 'Talk', items: [chats, requests, feed] },
  { title: 'The vote', items: [community, jury, results] },
  { title: 'The workspace', items: [projects, teams] },
  { title: 'More', items: [open, tui, gitCredential] },
];

export const GLOBAL_FLAGS: AnyFlags = {
  apiUrl: { type: 'string', aliases: ['url'] },
  apiKey: { type: 'string' },
  apiKeyStdin: { type: 'boolean' },
  profile: { type: 'string' },
  org: { type: 'string' },
  workspace: { type: 'string' },
  json: { type: 'boolean' },
  color: { type: 'boolean', default: true }, // --no-color (cli/lib/colour.ts)
};

const GLOBAL_HELP = `Global options:
  --api-url <url> (--url)   instance address (or EVENT_URL)
  --api-key <key>           key on the command line (visible to other processes; prefer --api-key-stdin or EVENT_API_KEY)
  --api-key-stdin           read the key from the first line of stdin
  --profile <name>          profile to use
  --workspace <id or name>  workspace of the instance (or EVENT_WORKSPACE)
  --org <id or name>        cloud organization (or EVENT_ORG)
  --json                    print the wire payload
  --no-color                no colour (also off with NO_COLOR, --json, or output that is not a terminal)`;

export function main(argv: string[], io: Io = processIo()): Promise<number> {
  return dispatch<Context>(
    {
      name: 'hackathon',
      title: 'the Podium hackathon event client',
      version: VERSION,
      groups: GROUPS,
      globalFlags: GLOBAL_FLAGS,
      globalHelp: GLOBAL_HELP,
      context: async (io, flags, input, argv) => new (await import('./context.ts')).Context(io, flags as never, input, argv),
      profileNames: async (env) => new (await import('../lib/hackathon-profiles.ts')).ProfileStore(env).names(),
    },
    argv,
    io,
  );
}
