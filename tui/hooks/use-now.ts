// The server clock's now, ticking once a second (countdowns, ages).
import { useEffect, useState } from 'react';
import { useTui } from './use-tui.ts';

export function useServerNow(): number {
  const { clock } = useTui();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const t = setInterval(() => setNow(clock.now()), 1_000);
    return () => clearInterval(t);
  }, [clock]);
  return now;
}
