// `hackathon requests`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const requests: Noun = {
  name: 'requests',
  summary: 'Help requests to the advisors',
  commands: [
    {
      path: 'requests list',
      summary: 'Help requests, newest first (participants: their team\'s)',
      flags: ['--status=', '--cursor=', '--limit=', '--all'],
      examples: ['hackathon requests list', 'hackathon requests list --status open --limit 20'],
      load: () => import('./list.ts').then((m) => m.requestsList),
    },
    {
      path: 'requests show',
      summary: 'One help request',
      examples: ['hackathon requests show 5c4b3a2f-1e0d-4c9b-8a7f-6e5d4c3b2a19'],
      load: () => import('./show.ts').then((m) => m.requestsShow),
    },
    {
      path: 'requests open',
      summary: 'Ask the advisors for help (participants)',
      flags: ['--title=', '--body='],
      examples: ['hackathon requests open --title "Docker build fails" --body "compose up stops at the npm ci step"'],
      load: () => import('./open.ts').then((m) => m.requestsOpen),
    },
    {
      path: 'requests reply',
      summary: 'Reply in a help request\'s thread',
      flags: ['--file='],
      examples: ['hackathon requests reply 5c4b3a2f-1e0d-4c9b-8a7f-6e5d4c3b2a19 "Free some disk space, then run compose up again"'],
      load: () => import('./reply.ts').then((m) => m.requestsReply),
    },
    {
      path: 'requests claim',
      summary: 'Take a help request (advisors)',
      examples: ['hackathon requests claim 5c4b3a2f-1e0d-4c9b-8a7f-6e5d4c3b2a19'],
      load: () => import('./claim.ts').then((m) => m.requestsClaim),
    },
    {
      path: 'requests unclaim',
      summary: 'Let a claimed request go (the claiming advisor or an organizer)',
      examples: ['hackathon requests unclaim 5c4b3a2f-1e0d-4c9b-8a7f-6e5d4c3b2a19'],
      load: () => import('./unclaim.ts').then((m) => m.requestsUnclaim),
    },
    {
      path: 'requests resolve',
      summary: 'Resolve a request; its thread becomes read-only (team, claiming advisor, organizer)',
      examples: ['hackathon requests resolve 5c4b3a2f-1e0d-4c9b-8a7f-6e5d4c3b2a19'],
      load: () => import('./resolve.ts').then((m) => m.requestsResolve),
    },
    {
      path: 'requests reopen',
      summary: 'Open a resolved request again; the claim is cleared (team, claiming advisor, organizer)',
      examples: ['hackathon requests reopen 5c4b3a2f-1e0d-4c9b-8a7f-6e5d4c3b2a19'],
      load: () => import('./reopen.ts').then((m) => m.requestsReopen),
    },
  ],
};
