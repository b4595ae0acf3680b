// The live stream's state (for the status bar) and a subscription to its changes.
import { useEffect, useRef, useState } from 'react';
import type { FollowEvent } from '../../client/stream.ts';
import type { LiveState } from '../source.ts';
import { useTui } from './use-tui.ts';

export function useLiveState(): { state: LiveState; detail: string | undefined } {
  const { live } = useTui();
  const [, force] = useState(0);
  useEffect(() => live.onState(() => force((n) => n + 1)), [live]);
  return { state: live.state, detail: live.detail };
}

/** Calls `fn` for each change whose kind is one of `kinds`. */
export function useLiveEvents(kinds: readonly string[], fn: (e: FollowEvent) => void): void {
  const { live } = useTui();
  const ref = useRef(fn);
  ref.current = fn;
  const key = kinds.join(',');
  useEffect(() => live.on((e) => (kinds.includes(e.kind) ? ref.current(e) : undefined)), [live, key]);
}
