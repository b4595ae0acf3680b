// `hackathon tui`: the organizers' terminal dashboard (tui/app.tsx). Resolves the profile,
// key and workspace as every command does, checks the caller is an organizer of the event
// (anyone else gets the server's refusal sentence, exit 3), then loads Ink and React lazily,
// so no other command's start pays for them. On a terminal it first restarts its own process
// (execve, same pid) under V8 flags that bound its heap (tui/heap.ts).
import { heapRestart } from '../../../tui/heap.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import { command } from '../command.ts';

export const ORGANIZER_NEEDED = 'An event organizer is needed for this';

export const tui = command({
  path: 'tui',
  summary: "The organizers' live dashboard in the terminal",
  usage: 'Usage: hackathon tui (keys: 1-6 or Tab screens, arrows and / filter, Enter detail, ? help, q quit)',
  async run(_opts, ctx) {
    if (ctx.json) throw new CliError('hackathon tui draws a dashboard; it has no --json (use the other commands for the wire payloads)', EXIT.rejected, 'invalid_input');
    // On a terminal, start again (same pid) under the dashboard's heap flags (tui/heap.ts).
    const restart = heapRestart(process, Boolean(process.stdin.isTTY && process.stdout.isTTY));
    if (restart) process.execve!(restart.file, restart.args, restart.env);
    const client = await ctx.client();
    const status = await client.call('GET /api/v1/event/status');
    if (status.role !== 'organizer') throw new CliError(`${ORGANIZER_NEEDED}; you are ${status.role} on this event`, EXIT.access, 'insufficient_event_role');
    const [{ runTui }, { wireSource }] = await Promise.all([import('../../../tui/app.tsx'), import('../../../tui/source.ts')]);
    await runTui({ source: wireSource(client), env: ctx.io.env });
  },
});
