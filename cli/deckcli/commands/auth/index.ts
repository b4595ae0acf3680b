// `deckcli auth`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const auth: Noun = {
  name: 'auth',
  summary: 'Sign-in by emailed code, and saving a dashboard key',
  commands: [
    {
      path: 'auth login-request',
      summary: 'Ask a self-hosted instance to mail you a sign-in code',
      flags: ['--email='],
      examples: ['deckcli auth login-request --email ann@acme.test --api-url https://decks.acme.test'],
      load: () => import('./login-request.ts').then((m) => m.loginRequest),
    },
    {
      path: 'auth login-complete',
      summary: 'Trade the mailed code for a key and store it as the active profile',
      flags: ['--email=', '--code=', '--key-name=', '--expires-in-days='],
      examples: ['deckcli auth login-complete --email ann@acme.test --code 123456 --api-url https://decks.acme.test'],
      load: () => import('./login-complete.ts').then((m) => m.loginComplete),
    },
    {
      path: 'auth save-key',
      summary: 'Save a key made in the dashboard into the instance\'s profile (read from stdin or a prompt)',
      examples: ['deckcli auth save-key --api-url https://decks.acme.test', 'pass show decks-key | deckcli auth save-key --api-url https://decks.acme.test'],
      load: () => import('./save-key.ts').then((m) => m.saveKey),
    },
  ],
};
