// Who may receive a live row: the in-process twin of app_private.live_visible, used
// by the hub to fan rows out without a query per reader. test/api/event/stream-audience.test.ts
// compares the two over every combination of role, team and audience.

/** A row of app_private.live_events as the hub holds it: the audience and the frame to write. */
export interface LiveRow {
  id: number;
  eventId: string;
  kind: string;
  roles: readonly string[];
  teamId: string | null;
  /** `id: <id>\nevent: <kind>\ndata: <payload>\n\n`, encoded once per row for every stream. */
  frame: Buffer;
  /** The hub's fan-out batch that delivered it (the slow-reader bound is checked once per batch). */
  batch: number;
}

/** A stream's reader, as app_private.live_reader answered (read at open, again at every re-check). */
export interface LiveReader {
  eventId: string;
  workspaceId: string;
  userId: string;
  role: 'participant' | 'advisor' | 'organizer';
  teamId: string | null;
}

const READER_ROLES = new Set(['participant', 'advisor', 'organizer']);

export function visible(row: Pick<LiveRow, 'eventId' | 'roles' | 'teamId'>, reader: Pick<LiveReader, 'eventId' | 'role' | 'teamId'>): boolean {
  return (
    row.eventId === reader.eventId &&
    READER_ROLES.has(reader.role) &&
    row.roles.includes(reader.role) &&
    (row.teamId === null || reader.role !== 'participant' || row.teamId === reader.teamId)
  );
}

/** One SSE message. `data` must be one line (JSON text from jsonb always is). */
export function frame(id: number | string, event: string, data: string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;
}
