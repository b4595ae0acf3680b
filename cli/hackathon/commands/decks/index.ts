// `hackathon decks`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const decks: Noun = {
  name: 'decks',
  summary: 'Generated decks (runs, review, release) and a team\'s deck links',
  commands: [
    {
      path: 'decks link',
      summary: 'Set a team\'s demo deck, presentation and vote presentation links',
      flags: ['--demo=', '--pitch=', '--vote=', '--clear=', '--team='],
      examples: ['hackathon decks link --demo https://decks.acme.test/s/abc --pitch https://decks.acme.test/s/def', 'hackathon decks link --clear vote --team Rocket'],
      load: () => import('./link.ts').then((m) => m.decksLink),
    },
    {
      path: 'decks show',
      summary: 'A generated deck, or a team\'s three deck links',
      flags: ['--team='],
      examples: ['hackathon decks show --team Rocket', 'hackathon decks show 3f1c2a9e-8b7d-4e6f-a5c4-1b2d3e4f5a6b'],
      load: () => import('./show.ts').then((m) => m.decksShow),
    },
    {
      path: 'decks gallery',
      summary: 'Each team\'s jury and community deck state, with released views',
      examples: ['hackathon decks gallery'],
      load: () => import('./gallery.ts').then((m) => m.decksGallery),
    },
    {
      path: 'decks templates',
      summary: 'The jury and community deck templates',
      examples: ['hackathon decks templates', 'hackathon decks templates --json'],
      load: () => import('./templates.ts').then((m) => m.decksTemplates),
    },
    {
      path: 'decks preview',
      summary: 'Preview the team\'s jury and community decks from its last accepted push',
      flags: ['--team='],
      examples: ['hackathon decks preview', 'hackathon decks preview --team Rocket --json'],
      load: () => import('./preview.ts').then((m) => m.decksPreview),
    },
    {
      path: 'decks generate',
      summary: 'Generate the jury and community decks of every frozen team (organizer)',
      flags: ['--new-revision', '--watch'],
      examples: ['hackathon decks generate', 'hackathon decks generate --new-revision --watch'],
      load: () => import('./generate.ts').then((m) => m.decksGenerate),
    },
    {
      path: 'decks runs',
      summary: 'Generation runs and their counts',
      examples: ['hackathon decks runs'],
      load: () => import('./runs.ts').then((m) => m.decksRuns),
    },
    {
      path: 'decks run',
      summary: 'One generation run, job by job',
      flags: ['--log', '--watch'],
      examples: ['hackathon decks run 42 --log', 'hackathon decks run 42 --watch'],
      load: () => import('./run.ts').then((m) => m.decksRun),
    },
    {
      path: 'decks list',
      summary: 'Every generated deck of the event, every version',
      examples: ['hackathon decks list', 'hackathon decks list --json'],
      load: () => import('./list.ts').then((m) => m.decksList),
    },
    {
      path: 'decks review',
      summary: 'Approve or reject a generated deck (organizer)',
      flags: ['--approve', '--reject', '--note='],
      examples: ['hackathon decks review 3f1c2a9e-8b7d-4e6f-a5c4-1b2d3e4f5a6b --approve', 'hackathon decks review 3f1c2a9e-8b7d-4e6f-a5c4-1b2d3e4f5a6b --reject --note "Screen 3 claims an unshipped feature"'],
      load: () => import('./review.ts').then((m) => m.decksReview),
    },
    {
      path: 'decks release',
      summary: 'Release a team\'s approved decks to the gallery (organizer)',
      examples: ['hackathon decks release Rocket'],
      load: () => import('./release.ts').then((m) => m.decksRelease),
    },
  ],
};
