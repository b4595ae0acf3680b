// `hackathon projects`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const projects: Noun = {
  name: 'projects',
  summary: 'Projects of the workspace and their members',
  commands: [
    {
      path: 'projects list',
      summary: 'Projects of the workspace (live by default)',
      flags: ['--archived=', '--cursor=', '--limit=', '--all'],
      examples: ['hackathon projects list', 'hackathon projects list --archived all --all --json'],
      load: () => import('./list.ts').then((m) => m.projectsList),
    },
    {
      path: 'projects create',
      summary: 'Create a project; you become its first manager',
      flags: ['--description=', '--metadata='],
      examples: ['hackathon projects create "Rocket" --description "Launch pad for ideas"'],
      load: () => import('./create.ts').then((m) => m.projectsCreate),
    },
    {
      path: 'projects update',
      summary: 'Rename a project, change its description or replace its metadata',
      flags: ['--name=', '--description=', '--clear-description', '--metadata='],
      examples: ['hackathon projects update 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10 --name "Rocket 2"', 'hackathon projects update 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10 --clear-description'],
      load: () => import('./update.ts').then((m) => m.projectsUpdate),
    },
    {
      path: 'projects archive',
      summary: 'Archive a project (read-only, out of the default list; nothing deleted)',
      examples: ['hackathon projects archive 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10'],
      load: () => import('./archive.ts').then((m) => m.projectsArchive),
    },
    {
      path: 'projects unarchive',
      summary: 'Bring an archived project back',
      examples: ['hackathon projects unarchive 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10'],
      load: () => import('./unarchive.ts').then((m) => m.projectsUnarchive),
    },
    {
      path: 'projects members list',
      summary: 'Members of a project (people and teams)',
      flags: ['--cursor=', '--limit=', '--all'],
      examples: ['hackathon projects members list 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10 --all'],
      load: () => import('./members/list.ts').then((m) => m.membersList),
    },
    {
      path: 'projects members add',
      summary: 'Add a person or a team to a project',
      flags: ['--team=', '--role='],
      examples: ['hackathon projects members add 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10 ann@acme.test --role editor', 'hackathon projects members add 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10 --team crew --role viewer'],
      load: () => import('./members/add.ts').then((m) => m.membersAdd),
    },
    {
      path: 'projects members role',
      summary: 'Change a member\'s role',
      flags: ['--team', '--role='],
      examples: ['hackathon projects members role 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10 ann@acme.test --role manager', 'hackathon projects members role 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10 crew --team --role editor'],
      load: () => import('./members/role.ts').then((m) => m.membersRole),
    },
    {
      path: 'projects members remove',
      summary: 'Remove a member (a manager removes anyone; anyone removes themselves)',
      flags: ['--team'],
      examples: ['hackathon projects members remove 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10 ann@acme.test', 'hackathon projects members remove 0b5e8d7e-2c1a-4f0e-9a43-5d2b7c1e9f10 crew --team'],
      load: () => import('./members/remove.ts').then((m) => m.membersRemove),
    },
  ],
};
