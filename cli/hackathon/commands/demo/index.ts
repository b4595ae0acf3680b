// `hackathon demo`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const demo: Noun = {
  name: 'demo',
  summary: 'Demo passes: links that sign a jury member in for a while',
  commands: [
    {
      path: 'demo link',
      summary: 'Mint one demo pass per --email; prints one link per --path',
      flags: ['--email=', '--path=', '--hours=', '--minutes=', '--owner-email=', '--owner-password-stdin'],
      examples: ['hackathon demo link --email jury@acme.test --path / --path /demo --hours 4'],
      load: () => import('./link.ts').then((m) => m.demoLink),
    },
    {
      path: 'demo list',
      summary: 'Demo passes with expiry, revocation and uses',
      flags: ['--owner-email=', '--owner-password-stdin'],
      examples: ['hackathon demo list --owner-email owner@acme.test'],
      load: () => import('./list.ts').then((m) => m.demoList),
    },
    {
      path: 'demo revoke',
      summary: 'Revoke a pass and end every session it opened',
      flags: ['--owner-email=', '--owner-password-stdin', '--yes'],
      examples: ['hackathon demo revoke 6d0f3b2a-1c4e-4b8a-9f7d-2e5c8a1b3d4f'],
      load: () => import('./revoke.ts').then((m) => m.demoRevoke),
    },
  ],
};
