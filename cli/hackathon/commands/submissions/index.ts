// `hackathon submissions`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const submissions: Noun = {
  name: 'submissions',
  summary: 'Intake, each team\'s frozen evidence, and exceptions',
  commands: [
    {
      path: 'submissions list',
      summary: 'Intake and each team\'s submission state',
      examples: ['hackathon submissions list', 'hackathon submissions list --json'],
      load: () => import('./list.ts').then((m) => m.submissionsList),
    },
    {
      path: 'submissions show',
      summary: 'One team\'s submission, evidence and receipts',
      examples: ['hackathon submissions show Rocket'],
      load: () => import('./show.ts').then((m) => m.submissionsShow),
    },
    {
      path: 'submissions failures',
      summary: 'Signature failures, attention, refused and late deliveries (organizer)',
      examples: ['hackathon submissions failures'],
      load: () => import('./failures.ts').then((m) => m.submissionsFailures),
    },
    {
      path: 'submissions reconcile',
      summary: 'Run the freeze sweep now (organizer)',
      examples: ['hackathon submissions reconcile'],
      load: () => import('./reconcile.ts').then((m) => m.submissionsReconcile),
    },
    {
      path: 'submissions artifact',
      summary: 'Download a team\'s frozen evidence archive',
      flags: ['--dir='],
      examples: ['hackathon submissions artifact Rocket --dir ./evidence'],
      load: () => import('./artifact.ts').then((m) => m.submissionsArtifact),
    },
    {
      path: 'submissions exception',
      summary: 'Freeze a team on another sha, or mark it missing (organizer)',
      flags: ['--reason=', '--sha=', '--missing', '--invalidate-decks', '--invalidate-voting'],
      examples: ['hackathon submissions exception Rocket --reason "Pushed to the wrong branch" --sha 3c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f70819', 'hackathon submissions exception Rocket --reason "Withdrew" --missing'],
      load: () => import('./exception.ts').then((m) => m.submissionsException),
    },
  ],
};
