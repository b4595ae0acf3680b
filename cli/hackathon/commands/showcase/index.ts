// `hackathon showcase`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const showcase: Noun = {
  name: 'showcase',
  summary: 'A team\'s product name, tagline and description',
  commands: [
    {
      path: 'showcase set',
      summary: 'Set a team\'s showcase texts (a field left out keeps its value)',
      flags: ['--product=', '--tagline=', '--description=', '--description-file=', '--clear-product', '--clear-tagline', '--clear-description', '--team='],
      examples: ['hackathon showcase set --product Rocket --tagline "Ideas to launch in a day"', 'hackathon showcase set --description-file pitch.txt --team Rocket'],
      load: () => import('./set.ts').then((m) => m.showcaseSet),
    },
    {
      path: 'showcase show',
      summary: 'A team\'s product name, tagline and description',
      flags: ['--team='],
      examples: ['hackathon showcase show', 'hackathon showcase show --team Rocket --json'],
      load: () => import('./show.ts').then((m) => m.showcaseShow),
    },
  ],
};
