// The one-word `deckcli` commands, registered without loading them (cli/lib/dispatch.ts).
import type { Entry } from '../command.ts';

export const push: Entry = {
  path: 'push',
  summary: 'Publish a folder (or one .html file) as a new version',
  flags: ['--title=', '--entry=', '--kind=', '--interactive', '--id=', '--new', '--open'],
  examples: ['deckcli push ./pitch', 'deckcli push ./pitch/index.html --title "Q4 pitch" --kind presentation --open'],
  load: () => import('./push.ts').then((m) => m.push),
};

export const pull: Entry = {
  path: 'pull',
  summary: 'Download a version of a deck into a folder',
  flags: ['--id=', '--version='],
  examples: ['deckcli pull ./pitch', 'deckcli pull ./copy --id 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a --version 3'],
  load: () => import('./pull.ts').then((m) => m.pull),
};

export const share: Entry = {
  path: 'share',
  summary: 'Mint a share link for a deck',
  flags: ['--no-bar', '--no-download', '--no-forms', '--password=', '--password-stdin', '--placement=', '--name=', '--version=', '--expires-in=', '--embed'],
  examples: ['deckcli share 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a --expires-in 7d', 'deckcli share 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a --password-stdin --no-download --name "Investors"'],
  load: () => import('./share.ts').then((m) => m.share),
};

export const shareEmail: Entry = {
  path: 'share-email',
  summary: 'Mint a share link and have the instance mail it',
  flags: ['--no-bar', '--no-download', '--no-forms', '--password=', '--password-stdin', '--placement=', '--name=', '--version=', '--expires-in=', '--to=', '--message='],
  examples: ['deckcli share-email 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a --to ann@acme.test --message "Here is the deck"'],
  load: () => import('./share-email.ts').then((m) => m.shareEmail),
};

export const tokens: Entry = {
  path: 'tokens',
  summary: 'Every share link of a deck',
  examples: ['deckcli tokens 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a'],
  load: () => import('./tokens.ts').then((m) => m.tokens),
};

export const views: Entry = {
  path: 'views',
  summary: 'View statistics (entry loads, de-duplicated per browser)',
  flags: ['--cursor=', '--limit=', '--all'],
  examples: ['deckcli views 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a', 'deckcli views 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a --all --json'],
  load: () => import('./views.ts').then((m) => m.views),
};

export const responses: Entry = {
  path: 'responses',
  summary: 'Form responses: a summary, then the most recent rows',
  flags: ['--cursor=', '--limit=', '--all', '--form=', '--link=', '--source=', '--placement=', '--since=', '--csv'],
  examples: ['deckcli responses 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a', 'deckcli responses 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a --form signup --all --csv > signups.csv'],
  load: () => import('./responses.ts').then((m) => m.responses),
};

export const response: Entry = {
  path: 'response',
  summary: 'One response: its current answer and every kept revision',
  examples: ['deckcli response 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a 8f7e6d5c-4b3a-4f2e-9d1c-0b9a8f7e6d5c'],
  load: () => import('./response.ts').then((m) => m.response),
};

export const notify: Entry = {
  path: 'notify',
  summary: 'Silence (--off) or restore (--on) the owner mails on form activity',
  flags: ['--off', '--on'],
  examples: ['deckcli notify 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a --off', 'deckcli notify 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a --on'],
  load: () => import('./notify.ts').then((m) => m.notify),
};

export const list: Entry = {
  path: 'list',
  summary: 'Decks you own or were invited to (admins and owners: every deck)',
  flags: ['--cursor=', '--limit=', '--all'],
  examples: ['deckcli list', 'deckcli list --all --json'],
  load: () => import('./list.ts').then((m) => m.list),
};

export const versions: Entry = {
  path: 'versions',
  summary: 'A deck\'s versions, newest first',
  flags: ['--cursor=', '--limit=', '--all'],
  examples: ['deckcli versions 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a'],
  load: () => import('./versions.ts').then((m) => m.versions),
};

export const remove: Entry = {
  path: 'delete',
  summary: 'Soft-delete a deck (every share link stops working)',
  flags: ['--yes'],
  examples: ['deckcli delete 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a'],
  load: () => import('./delete.ts').then((m) => m.remove),
};

export const open: Entry = {
  path: 'open',
  summary: 'Open a linked folder\'s deck page in the browser',
  examples: ['deckcli open ./pitch'],
  load: () => import('./open.ts').then((m) => m.open),
};

export const dev: Entry = {
  path: 'dev',
  summary: 'Serve a deck folder locally with live reload',
  flags: ['--port=', '--entry='],
  examples: ['deckcli dev ./pitch', 'deckcli dev ./pitch --port 4000 --entry slides.html'],
  load: () => import('./dev.ts').then((m) => m.dev),
};

export const login: Entry = {
  path: 'login',
  summary: 'Sign in on the named instance (hub login on cloud, emailed code on self-hosted)',
  flags: ['--email=', '--key-name=', '--expires-in-days='],
  examples: ['deckcli login --api-url https://decks.acme.test', 'deckcli login --api-url https://decks.acme.test --email ann@acme.test'],
  load: () => import('./login.ts').then((m) => m.login),
};

export const logout: Entry = {
  path: 'logout',
  summary: 'Sign out of the selected instance',
  flags: ['--yes'],
  examples: ['deckcli logout', 'deckcli logout --profile staging'],
  load: () => import('./logout.ts').then((m) => m.logout),
};

export const whoami: Entry = {
  path: 'whoami',
  summary: 'Show the account, the workspace and the credential a command would use',
  examples: ['deckcli whoami', 'deckcli whoami --json'],
  load: () => import('./whoami.ts').then((m) => m.whoami),
};

export const profiles: Entry = {
  path: 'profiles',
  summary: 'List profiles: active mark, name, url, how each signs in',
  examples: ['deckcli profiles'],
  load: () => import('./profiles.ts').then((m) => m.profiles),
};

export const mcp: Entry = {
  path: 'mcp',
  summary: 'Serve the deck tools to a coding agent (Model Context Protocol over stdio)',
  flags: ['--root='],
  examples: ['claude mcp add decks -- deckcli mcp', 'deckcli mcp --root ~/decks'],
  load: () => import('./mcp.ts').then((m) => m.mcp),
};
