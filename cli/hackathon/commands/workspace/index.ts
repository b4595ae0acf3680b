// `hackathon workspace`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const workspace: Noun = {
  name: 'workspace',
  summary: 'The default workspace (on a cloud instance: your hub account\'s default organization)',
  commands: [
    {
      path: 'workspace default',
      summary: 'Set the default workspace (on a cloud instance: your hub account\'s default organization)',
      examples: ['hackathon workspace default acme'],
      load: () => import('./default.ts').then((m) => m.workspaceDefault),
    },
  ],
};
