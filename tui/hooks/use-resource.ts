// One wire read kept fresh: read on mount, again (coalesced) when a live change of the named
// kinds arrives, every `pollMs` (>= 5 s) while the stream is not live, and every `refreshMs`
// for data no live kind announces (`refresh: true`).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvents, useLiveState } from './use-live.ts';
import { useTui } from './use-tui.ts';
import type { LiveKind } from '../../core/wire/live.ts';

export interface Resource<T> {
  data: T | null;
  error: { code: string | null; message: string } | null;
  reload: () => void;
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
