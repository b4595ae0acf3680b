// `hackathon admin`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const admin: Noun = {
  name: 'admin',
  summary: 'Provisioning the team repositories and deck generation, for organizers',
  commands: [
    {
      path: 'admin generate-all-presentations',
      summary: 'Same as decks generate',
      flags: ['--new-revision', '--watch'],
      examples: ['hackathon admin generate-all-presentations', 'hackathon admin generate-all-presentations --watch'],
      load: () => import('../decks/generate.ts').then((m) => m.adminGenerateAll),
    },
    {
      path: 'admin generation-status',
      summary: 'Same as decks run <id>',
      flags: ['--run=', '--log', '--watch'],
      examples: ['hackathon admin generation-status --run 42 --log'],
      load: () => import('../decks/run.ts').then((m) => m.adminGenerationStatus),
    },
    {
      path: 'admin provision',
      summary: 'Plan or create the team repositories on the code host (organizer)',
      flags: ['--dry-run', '--key=', '--sample=', '--timeout=', '--watch'],
      examples: ['hackathon admin provision --dry-run', 'hackathon admin provision --key provision-2026-12-01 --watch'],
      load: () => import('./provision.ts').then((m) => m.adminProvision),
    },
  ],
};
