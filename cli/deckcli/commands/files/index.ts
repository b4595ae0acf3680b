// `deckcli files`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const files: Noun = {
  name: 'files',
  summary: 'A deck version\'s files',
  commands: [
    {
      path: 'files list',
      summary: 'Files of a version (current by default)',
      flags: ['--cursor=', '--limit=', '--all', '--version='],
      examples: ['deckcli files list 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a', 'deckcli files list 4d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a --version 2'],
      load: () => import('./list.ts').then((m) => m.filesList),
    },
  ],
};
