// Where the dashboard's data comes from: the wire (the same client and profile resolution as
// every `hackathon` command) and the live stream (GET /api/v1/event/stream, followed by the
// CLI's LiveFollower: Last-Event-ID resume, reconnect with backoff). Screens never fetch on
// their own; they ask the source through hooks (tui/hooks/).
import { LiveFollower, type FollowEvent, type FollowOptions } from '../client/stream.ts';
import { routePath, type CallOptions, type WireClient } from '../client/wire.ts';
import type { Answer, Body, TypedRoute } from '../core/wire/routes.ts';

/** The stream as the status bar shows it. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'ended';

export interface TuiSource {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** Follows the live stream until the returned stop is called. */
  follow(onEvent: (e: FollowEvent) => void, onState: (s: LiveState, detail?: string) => void): () => void;
}

/** One call of a registered route through the source, its answer typed by the wire registry (core/wire/routes.ts). */
export function callSource<K extends TypedRoute>(source: TuiSource, route: K, o: CallOptions<Body<K>> = {}): Promise<Answer<K>> {
  const method = route.slice(0, route.indexOf(' '));
  const path = routePath(route, o.params) + (o.query ?? '');
  return method === 'GET' ? source.get<Answer<K>>(path) : source.send<Answer<K>>(method as 'POST' | 'PUT' | 'DELETE', path, o.body);
}

export function wireSource(client: WireClient, options: FollowOptions = {}): TuiSource {
  return {
    get: <T>(path: string) => client.request<T>('GET', path),
    send: <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => client.request<T>(method, path, body ?? {}),
    follow(onEvent, onState) {
      const follower = new LiveFollower(client, {
        backoffMs: [500, 5_000],
        ...options,
        onNotice: (n) => {
          if (n.kind === 'disconnected') onState('reconnecting');
          else if (n.kind === 'reconnected') onState('live');
          else if (n.kind === 'reset') onState('live', n.message);
        },
      });
      let stopped = false;
      void (async () => {
        onState('connecting');
        for (;;) {
          try {
            await follower.open();
            break;
          } catch (err) {
            if (stopped) return;
            // A refusal (4xx) ends the follow; an unreachable server is tried again.
            if ((err as { status?: number }).status && (err as { status: number }).status < 500) {
              onState('ended', (err as Error).message);
              return;
            }
            onState('reconnecting');
            await new Promise((r) => setTimeout(r, 1_000));
            if (stopped) return;
          }
        }
        onState('live');
        try {
          for await (const e of follower.events()) onEvent(e);
          if (!stopped) onState('ended');
        } catch (err) {
          if (!stopped) onState('ended', (err as Error).message);
        }
      })();
      return () => {
        stopped = true;
        follower.stop();
      };
    },
  };
}
