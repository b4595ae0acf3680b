// `hackathon files`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const files: Noun = {
  name: 'files',
  summary: 'Files of the workspace',
  commands: [
    {
      path: 'files download',
      summary: 'Download a file of the workspace (evidence archive, deck export, deck file)',
      flags: ['--output='],
      examples: ['hackathon files download 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d --output ./downloads/'],
      load: () => import('./download.ts').then((m) => m.filesDownload),
    },
  ],
};
