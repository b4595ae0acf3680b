// One wire read kept fresh: read on mount, again (coalesced) when a live change of the named
// kinds arrives, every `pollMs` (>= 5 s) while the stream is not live, and every `refreshMs`
// for data no live kind announces (`refresh: true`).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvents, useLiveState } from './use-live.ts';
import { useTui } from './use-tui.ts';
import type { LiveKind } from '../../core/wire/live.ts';
import type { Answer, TypedRoute } from '../../core/wire/routes.ts';
import { routePath } from '../../client/wire.ts';

export interface Resource<T> {
  data: T | null;
  error: { code: string | null; message: string } | null;
  reload: () => void;
}

/** A registered GET route kept fresh (useResource), its data typed by the wire registry (core/wire/routes.ts); null reads nothing. */
export function useRoute<K extends Extract<TypedRoute, `GET ${string}`>>(
  route: K | null,
  where: { params?: Record<string, string | number>; query?: string } = {},
  opts: { kinds?: readonly LiveKind[]; refresh?: boolean } = {},
): Resource<Answer<K>> {
  return useResource<Answer<K>>(route ? routePath(route, where.params) + (where.query ?? '') : null, opts);
}

export function useResource<T>(path: string | null, opts: { kinds?: readonly LiveKind[]; refresh?: boolean } = {}): Resource<T> {
  const { source, clock, pollMs, refreshMs } = useTui();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<Resource<T>['error']>(null);
  const inFlight = useRef(false);
  const again = useRef(false);
  const alive = useRef(true);
  const { state } = useLiveState();

  const load = useCallback(() => {
    if (!path) return;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    source
      .get<T>(path)
      .then(
        (d) => {
          if (!alive.current) return;
          clock.observe((d as { serverTime?: string } | null)?.serverTime);
          setData(d);
          setError(null);
        },
        (err: Error & { code?: string | null }) => alive.current && setError({ code: err.code ?? null, message: err.message }),
      )
      .finally(() => {
        inFlight.current = false;
        if (again.current && alive.current) {
          again.current = false;
          load();
        }
      });
  }, [path, source, clock]);

  useEffect(() => {
    alive.current = true;
    load();
    return () => void (alive.current = false);
  }, [load]);

  useLiveEvents(opts.kinds ?? [], () => load());

  const every = state === 'live' ? (opts.refresh ? refreshMs : 0) : Math.max(5_000, pollMs);
  useEffect(() => {
    if (!every || !path) return;
    const t = setInterval(load, every);
    return () => clearInterval(t);
  }, [every, load, path]);

  return { data, error, reload: load };
}
