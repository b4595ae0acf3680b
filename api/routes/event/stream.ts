// GET /api/v1/event/stream: the event's live changes as server-sent events (docs/WIRE.md,
// "Live stream"). Thin: who reads is SQL's answer (app_private.live_reader: scope, roster
// role, jury refused), a resume's backlog is SQL's (app_private.live_backlog, the audience
// rule in SQL); the replica's hub (api/live/hub.ts) tails the log and fans rows out.
//
// Order at open (no row lost, none repeated): read the reader (refusals answer JSON), start
// the hub, subscribe (live rows are held), then the backlog after Last-Event-ID from the
// table, then the held rows past the last id sent, then live.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import client from 'prom-client';
import { withCaller } from '../../../core/db/pool.ts';
import type { Metrics } from '../../../core/metrics.ts';
import { authenticate, callerOf } from '../../auth/caller.ts';
import { AppError, fromPgError } from '../../errors.ts';
import type { LiveReader } from '../../live/audience.ts';
import { LiveHub } from '../../live/hub.ts';
import { LiveStream, type CloseReason } from '../../live/stream.ts';
import type { ApiDeps } from '../../deps.ts';
import { asCaller } from '../support.ts';

export const STREAM_ROUTE = '/api/v1/event/stream';
const BACKLOG_PAGE = 500;
const LAST_EVENT_ID = /^\d{1,18}$/;

interface ReaderAnswer extends LiveReader {
  position: number;
  resumable: boolean;
}

/** Last-Event-ID (header, else the lastEventId query parameter): digits, or absent. */
function resumePoint(req: FastifyRequest<{ Querystring: { lastEventId?: string } }>): number | null {
  const header = req.headers['last-event-id'];
  const raw = (typeof header === 'string' ? header : undefined) ?? req.query.lastEventId;
  if (raw === undefined || raw.trim() === '') return null;
  if (!LAST_EVENT_ID.test(raw.trim())) {
    throw new AppError('invalid_input', 'Last-Event-ID must be the id of an event this stream sent (digits)', { field: 'Last-Event-ID' });
  }
  return Number(raw.trim());
}

export function registerStreamRoutes(app: FastifyInstance, deps: ApiDeps & { metrics: Metrics }): LiveHub {
  const { pool, config, log, metrics } = deps;
  const listenUrl = config.live.listenUrl;
  const hub = new LiveHub({
    pool, log, heartbeatMs: config.live.heartbeatSeconds * 1000,
    connect: listenUrl ? () => new pg.Client({ connectionString: listenUrl, application_name: 'podium-live', keepAlive: true }) : undefined,
  });
  app.addHook('preClose', async () => hub.close());

  new client.Gauge({
    name: 'podium_live_streams',
    help: 'Live streams open on this replica',
    registers: [metrics.registry],
    collect() {
      this.set(hub.count);
    },
  });
  const closes = new client.Counter({
    name: 'podium_live_stream_closes_total',
    help: 'Live streams ended, by reason (client_gone, slow_reader, access_lost, reader_moved, server_closing)',
    labelNames: ['reason'] as const,
    registers: [metrics.registry],
  });

  app.get<{ Querystring: { lastEventId?: string } }>(
    STREAM_ROUTE,
    {
      config: { keyScopes: ['hackathon:read'] },
      exposeHeadRoute: false,
      schema: { querystring: { type: 'object', properties: { lastEventId: { type: 'string', maxLength: 40 } } } },
    },
    async (req, reply) => {
      const after = resumePoint(req);
      const first = await asCaller(req, pool, async (c) => (await c.query('select app_private.live_reader($1) as r', [after])).rows[0].r as ReaderAnswer);
      await hub.start();

      reply.hijack();
      const res = reply.raw;
      // The body ends with the connection: no chunk framing around every event (one socket
      // write per event and stream), and `Connection: close` says so.
      res.useChunkedEncodingByDefault = false;
      res.shouldKeepAlive = false;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no', // proxies: pass each event on as it comes
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      });
      res.write('retry: 2000\n\n');
      const started = performance.now();
      const stream = new LiveStream(res, readerOf(first), config.live.maxBufferBytes);
      const unsubscribe = hub.subscribe(stream, first.position);
      const position = hub.position(stream.eventId); // read with the subscription, in the same tick
      let recheck: NodeJS.Timeout | null = null;
      stream.onClose = (reason: CloseReason) => {
        unsubscribe();
        if (recheck) clearTimeout(recheck); // clears an interval too
        closes.inc({ reason });
        req.log.info({ url: STREAM_ROUTE, reason, rows: stream.rowsSent, ms: Math.round(performance.now() - started) }, 'live stream closed');
      };

      try {
        if (after === null) {
          stream.control('ready', position, { position: String(position), role: first.role, teamId: first.teamId });
        } else if (!first.resumable) {
          stream.control('reset', position, { reason: 'expired', message: 'Events after this id are no longer kept; read the channels again, then follow from here' });
          stream.control('ready', position, { position: String(position), role: first.role, teamId: first.teamId });
        } else {
          stream.lastSent = after;
          for (;;) {
            const page = await asCaller(req, pool, async (c) =>
              (await c.query<{ id: number; kind: string; payload: string }>('select id, kind, payload from app_private.live_backlog($1, $2)', [stream.lastSent, BACKLOG_PAGE])).rows);
            for (const row of page) await stream.backlog(Number(row.id), row.kind, row.payload);
            if (page.length < BACKLOG_PAGE || stream.closed) break;
          }
          stream.control('ready', stream.lastSent, { position: String(stream.lastSent), role: first.role, teamId: first.teamId });
        }
        stream.goLive();
        if (stream.closed) return; // the client left during the catch-up
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'live stream catch-up failed');
        stream.close('client_gone');
        return;
      }

      // The reader is read again every LIVE_RECHECK_SECONDS: a revoked key, an ended
      // session, a roster removal or a move to jury ends the stream; a team change applies.
      // The first re-check comes at a random point of the first interval, so streams opened
      // together (a reconnect wave) do not re-check together ever after.
      const every = config.live.recheckSeconds * 1000;
      const check = () => void recheckReader(req, stream).catch((err) => req.log.warn({ err: (err as Error).message }, 'live stream re-check failed; kept'));
      recheck = setTimeout(() => {
        check();
        recheck = setInterval(check, every);
        recheck.unref();
      }, Math.round(every * (0.5 + Math.random() / 2)));
      recheck.unref();
    },
  );

  async function recheckReader(req: FastifyRequest, stream: LiveStream): Promise<void> {
    if (stream.closed) return;
    let next: ReaderAnswer;
    try {
      const identity = await authenticate(req, pool, config, 'any', STREAM_ROUTE);
      next = await withCaller(pool, callerOf(identity), async (c) => (await c.query('select app_private.live_reader(null) as r')).rows[0].r as ReaderAnswer);
    } catch (err) {
      const refusal = err instanceof AppError ? err : fromPgError(err);
      if (!refusal) throw err; // the database is away: keep the stream, try at the next re-check
      return stream.fail(refusal.code, refusal.message);
    }
    if (next.eventId !== stream.reader.eventId) return stream.close('reader_moved'); // the account's default workspace changed: open again
    stream.reader = readerOf(next);
  }

  return hub;
}

function readerOf(r: LiveReader): LiveReader {
  return { eventId: r.eventId, workspaceId: r.workspaceId, userId: r.userId, role: r.role, teamId: r.teamId };
}
