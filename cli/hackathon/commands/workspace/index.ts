// `hackathon workspace`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const workspace: Noun = {
  name: 'workspace',
  summary: 'The default workspace of a self-hosted instance',
  commands: [
    {
      path: 'workspace default',
      summary: 'Set the default workspace (self-hosted)',
      examples: ['hackathon workspace default acme'],
      load: () => import('./default.ts').then((m) => m.workspaceDefault),
    },
  ],
};
