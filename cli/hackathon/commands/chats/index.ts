// `hackathon chats`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const chats: Noun = {
  name: 'chats',
  summary: 'Team chats, the general channel and request threads',
  commands: [
    {
      path: 'chats list',
      summary: 'The channels you may read: general, team chats, request threads',
      examples: ['hackathon chats list'],
      load: () => import('./list.ts').then((m) => m.chatsList),
    },
    {
      path: 'chats read',
      summary: 'A channel\'s posts, newest first',
      flags: ['--cursor=', '--limit=', '--all', '--follow'],
      examples: ['hackathon chats read general', 'hackathon chats read Rocket --follow'],
      load: () => import('./read.ts').then((m) => m.chatsRead),
    },
    {
      path: 'chats replies',
      summary: 'One page of a thread, oldest first',
      flags: ['--cursor=', '--limit=', '--all'],
      examples: ['hackathon chats replies general 7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b'],
      load: () => import('./replies.ts').then((m) => m.chatsReplies),
    },
    {
      path: 'chats post',
      summary: 'Post in a channel, or reply in a thread with --thread',
      flags: ['--file=', '--thread='],
      examples: ['hackathon chats post Rocket "Demo at 3pm in room B"', 'hackathon chats post general --file notes.txt --thread 7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b'],
      load: () => import('./post.ts').then((m) => m.chatsPost),
    },
  ],
};
