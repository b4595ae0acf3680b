// `deckcli config`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const config: Noun = {
  name: 'config',
  summary: 'deckcli\'s profiles on this machine',
  commands: [
    {
      path: 'config clear',
      summary: 'Clear deckcli\'s profiles',
      examples: ['deckcli config clear'],
      load: () => import('./clear.ts').then((m) => m.configClear),
    },
  ],
};
