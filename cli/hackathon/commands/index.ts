// The one-word `hackathon` commands, registered without loading them (cli/lib/dispatch.ts).
import type { Entry } from '../command.ts';

export const doctor: Entry = {
  path: 'doctor',
  summary: 'Check this machine for the event: tools, container daemon, and push access',
  flags: ['--directory='],
  examples: ['hackathon doctor', 'hackathon doctor --directory ~/podium/hackathon/rocket'],
  load: () => import('./doctor.ts').then((m) => m.doctor),
};

export const login: Entry = {
  path: 'login',
  summary: 'Sign in on the selected instance and make its profile active',
  flags: ['--email=', '--key-name=', '--expires-in-days='],
  examples: ['hackathon login', 'hackathon login --api-url https://events.acme.test --email ann@acme.test'],
  load: () => import('./login.ts').then((m) => m.login),
};

export const logout: Entry = {
  path: 'logout',
  summary: 'Revoke and forget the keys of a profile',
  flags: ['--yes'],
  examples: ['hackathon logout', 'hackathon logout --profile staging'],
  load: () => import('./logout.ts').then((m) => m.logout),
};

export const use: Entry = {
  path: 'use',
  summary: 'Switch the active profile',
  complete: 'profiles',
  examples: ['hackathon use staging'],
  load: () => import('./use.ts').then((m) => m.use),
};

export const profiles: Entry = {
  path: 'profiles',
  summary: 'List profiles: active mark, name, url, how each signs in',
  examples: ['hackathon profiles', 'hackathon profiles --json'],
  load: () => import('./profiles.ts').then((m) => m.profiles),
};

export const whoami: Entry = {
  path: 'whoami',
  summary: 'Show the workspace, the account and the credential a command would use',
  examples: ['hackathon whoami', 'hackathon whoami --workspace acme --json'],
  load: () => import('./whoami.ts').then((m) => m.whoami),
};

export const workspaces: Entry = {
  path: 'workspaces',
  summary: 'List your workspaces (the default is marked)',
  examples: ['hackathon workspaces'],
  load: () => import('./workspaces.ts').then((m) => m.workspaces),
};

export const connect: Entry = {
  path: 'connect',
  summary: 'Connect to the event: who you are, your team and repository, what to do next',
  flags: ['--github='],
  examples: ['hackathon connect', 'hackathon connect --github octocat'],
  load: () => import('./connect.ts').then((m) => m.connect),
};

export const setup: Entry = {
  path: 'setup',
  summary: 'Clone your team repository, install the agent skill and start the team app',
  flags: ['--directory=', '--agent=', '--port=', '--timeout=', '--no-start', '--github='],
  examples: ['hackathon setup', 'hackathon setup --agent codex --port 3001 --directory ~/code/rocket'],
  load: () => import('./setup.ts').then((m) => m.setup),
};

export const gitCredential: Entry = {
  path: 'git-credential',
  summary: 'Git credential helper for repositories on this instance (configured by setup)',
  examples: ['git config credential.helper "!hackathon git-credential"', 'printf "protocol=https\\nhost=events.acme.test\\n\\n" | hackathon git-credential get'],
  load: () => import('./git-credential.ts').then((m) => m.gitCredential),
};

export const tui: Entry = {
  path: 'tui',
  summary: 'The organizers\' live dashboard in the terminal',
  examples: ['hackathon tui', 'hackathon tui --profile staging'],
  load: () => import('./tui.ts').then((m) => m.tui),
};

export const open: Entry = {
  path: 'open',
  summary: 'Open the event dashboard, team or vote page in the browser',
  examples: ['hackathon open', 'hackathon open vote'],
  load: () => import('./open.ts').then((m) => m.open),
};

export const results: Entry = {
  path: 'results',
  summary: 'The jury and the community results side by side',
  examples: ['hackathon results'],
  load: () => import('./results.ts').then((m) => m.results),
};
