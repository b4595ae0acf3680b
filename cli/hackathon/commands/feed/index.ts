// `hackathon feed`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const feed: Noun = {
  name: 'feed',
  summary: 'The general feed: posts, pins and moderation',
  commands: [
    {
      path: 'feed list',
      summary: 'The general feed, newest first',
      flags: ['--cursor=', '--limit=', '--all'],
      examples: ['hackathon feed list', 'hackathon feed list --limit 50'],
      load: () => import('./list.ts').then((m) => m.feedList),
    },
    {
      path: 'feed show',
      summary: 'The general channel and its pinned posts',
      examples: ['hackathon feed show'],
      load: () => import('./show.ts').then((m) => m.feedShow),
    },
    {
      path: 'feed post',
      summary: 'Post in the general feed',
      flags: ['--file='],
      examples: ['hackathon feed post "Lunch is served on the 2nd floor"', 'hackathon feed post --file announcement.txt'],
      load: () => import('./post.ts').then((m) => m.feedPost),
    },
    {
      path: 'feed pin',
      summary: 'Pin a post (organizers; any channel, by post id)',
      examples: ['hackathon feed pin 7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b'],
      load: () => import('./pin.ts').then((m) => m.feedPin),
    },
    {
      path: 'feed unpin',
      summary: 'Unpin a post (organizers)',
      examples: ['hackathon feed unpin 7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b'],
      load: () => import('./unpin.ts').then((m) => m.feedUnpin),
    },
    {
      path: 'feed hide',
      summary: 'Hide a post with a reason seen by organizers only (organizers)',
      flags: ['--reason='],
      examples: ['hackathon feed hide 7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b --reason "Shares a private link"'],
      load: () => import('./hide.ts').then((m) => m.feedHide),
    },
    {
      path: 'feed restore',
      summary: 'Make a hidden post visible again (organizers)',
      examples: ['hackathon feed restore 7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b'],
      load: () => import('./restore.ts').then((m) => m.feedRestore),
    },
  ],
};
