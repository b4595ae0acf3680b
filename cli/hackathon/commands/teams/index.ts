// `hackathon teams`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const teams: Noun = {
  name: 'teams',
  summary: 'Workspace teams and their members',
  commands: [
    {
      path: 'teams list',
      summary: 'Workspace teams ((hub) marks teams managed on the hub)',
      examples: ['hackathon teams list', 'hackathon teams list --json'],
      load: () => import('./list.ts').then((m) => m.teamsList),
    },
    {
      path: 'teams members',
      summary: 'Members of a workspace team',
      examples: ['hackathon teams members crew'],
      load: () => import('./members.ts').then((m) => m.teamsMembers),
    },
    {
      path: 'teams create',
      summary: 'Create a workspace team (owner or admin)',
      flags: ['--name='],
      examples: ['hackathon teams create crew --name "The Crew"'],
      load: () => import('./create.ts').then((m) => m.teamsCreate),
    },
    {
      path: 'teams update',
      summary: 'Change a team\'s slug or name (owner or admin)',
      flags: ['--slug=', '--name='],
      examples: ['hackathon teams update crew --name "Crew One"', 'hackathon teams update crew --slug crew-one'],
      load: () => import('./update.ts').then((m) => m.teamsUpdate),
    },
    {
      path: 'teams delete',
      summary: 'Delete a team; its project roles go with it (owner or admin)',
      flags: ['--yes'],
      examples: ['hackathon teams delete crew'],
      load: () => import('./delete.ts').then((m) => m.teamsDelete),
    },
    {
      path: 'teams members add',
      summary: 'Add a workspace member to a team (owner or admin)',
      examples: ['hackathon teams members add crew ann@acme.test'],
      load: () => import('./members/add.ts').then((m) => m.teamsMembersAdd),
    },
    {
      path: 'teams members remove',
      summary: 'Remove a person from a team (owner or admin)',
      examples: ['hackathon teams members remove crew ann@acme.test'],
      load: () => import('./members/remove.ts').then((m) => m.teamsMembersRemove),
    },
  ],
};
