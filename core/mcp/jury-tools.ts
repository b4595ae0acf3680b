// The jury's agent tool: read-only `jury_progress` for organizers, over the same
// wire contract as every client (GET /api/v1/event/jury/progress: hackathon:read, then SQL's
// organizer rule). Counts only, never a score; no tool lets an agent score, assign or release.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JuryProgress } from '../wire/jury.ts';
import { answer, type DeckWire } from './deck-tools.ts';

export function registerJuryTools(server: McpServer, wire: DeckWire): void {
  server.registerTool(
    'jury_progress',
    {
      title: 'Jury progress',
      description:
        'Judging progress of the event (organizers only, a hackathon key with hackathon:read): the window state, scores submitted of assigned ' +
        'per team and per juror, and which jurors are late. Counts only: never a score or a note.',
      inputSchema: {},
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async () => answer(() => wire.request<JuryProgress>('GET', '/api/v1/event/jury/progress')),
  );
}
