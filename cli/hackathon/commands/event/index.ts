// `hackathon event`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const event: Noun = {
  name: 'event',
  summary: 'The event: status, schedule, roster, code host, vote switch and agenda',
  commands: [
    {
      path: 'event status',
      summary: 'Phase, deadlines, your role and the teams',
      examples: ['hackathon event status', 'hackathon event status --json'],
      load: () => import('./status.ts').then((m) => m.eventStatus),
    },
    {
      path: 'event configure',
      summary: 'Create or change the event (organizer)',
      flags: ['--expected-version=', '--name=', '--timezone=', '--starts-at=', '--build-ends-at=', '--vote-opens-at=', '--vote-closes-at=', '--reason='],
      examples: ['hackathon event configure --expected-version 0 --name "Acme Hack" --timezone Europe/Paris --starts-at 2026-12-01T09:00:00+01:00 --build-ends-at 2026-12-02T17:00:00+01:00 --vote-opens-at 2026-12-02T17:30:00+01:00 --vote-closes-at 2026-12-02T19:00:00+01:00'],
      load: () => import('./configure.ts').then((m) => m.eventConfigure),
    },
    {
      path: 'event roster import',
      summary: 'Replace the roster with a file (organizer)',
      flags: ['--file=', '--no-invite', '--keep-scores', '--yes'],
      examples: ['hackathon event roster import --file roster.json', 'hackathon event roster import --file roster.json --no-invite'],
      load: () => import('./roster/import.ts').then((m) => m.rosterImport),
    },
    {
      path: 'event roster show',
      summary: 'Everyone on the roster and whether they signed in (organizer)',
      examples: ['hackathon event roster show', 'hackathon event roster show --json'],
      load: () => import('./roster/show.ts').then((m) => m.rosterShow),
    },
    {
      path: 'event roster lock',
      summary: 'Lock the roster (organizer; idempotent)',
      examples: ['hackathon event roster lock'],
      load: () => import('./roster/lock.ts').then((m) => m.rosterLock),
    },
    {
      path: 'event roster unlock',
      summary: 'Unlock the roster (organizer; refused once voting opened)',
      examples: ['hackathon event roster unlock'],
      load: () => import('./roster/unlock.ts').then((m) => m.rosterUnlock),
    },
    {
      path: 'event github',
      summary: 'Set where team repositories are created (organizer)',
      flags: ['--organization=', '--template=', '--branch='],
      examples: ['hackathon event github --organization acme-hack --template acme/hack-template', 'hackathon event github --organization acme-hack --template acme/hack-template --branch develop'],
      load: () => import('./github.ts').then((m) => m.eventGithub),
    },
    {
      path: 'event vote',
      summary: 'Turn the vote section on or off (organizer)',
      flags: ['--on', '--off'],
      examples: ['hackathon event vote --on', 'hackathon event vote --off'],
      load: () => import('./vote.ts').then((m) => m.eventVote),
    },
    {
      path: 'event agenda show',
      summary: 'The programme, sorted by start',
      examples: ['hackathon event agenda show'],
      load: () => import('./agenda/show.ts').then((m) => m.agendaShow),
    },
    {
      path: 'event agenda set',
      summary: 'Replace the programme from a file (organizer)',
      flags: ['--file='],
      examples: ['hackathon event agenda set --file agenda.json'],
      load: () => import('./agenda/set.ts').then((m) => m.agendaSet),
    },
    {
      path: 'event github-check',
      summary: 'Check the code host can provision (organizer)',
      examples: ['hackathon event github-check'],
      load: () => import('./github-check.ts').then((m) => m.eventGithubCheck),
    },
  ],
};
