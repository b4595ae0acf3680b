// The live stream's state (for the status bar) and a subscription to its changes.
import { useEffect, useRef, useState } from 'react';
import { parseLive, type LiveEvent, type LiveKind } from '../../core/wire/live.ts';
import type { LiveState } from '../source.ts';
import { useTui } from './use-tui.ts';

export function useLiveState(): { state: LiveState; detail: string | undefined } {
  const { live } = useTui();
  const [, force] = useState(0);
  useEffect(() => live.onState(() => force((n) => n + 1)), [live]);
  return { state: live.state, detail: live.detail };
}

/**
 * Calls `fn` for each change whose kind is one of `kinds`, its payload parsed by the kind's
 * schema (core/wire/live.ts); a payload that does not fit is skipped.
 */
export function useLiveEvents<K extends LiveKind>(kinds: readonly K[], fn: (e: Extract<LiveEvent, { kind: K }>) => void): void {
  const { live } = useTui();
  const ref = useRef(fn);
  ref.current = fn;
  const key = kinds.join(',');
  useEffect(() => live.on((raw) => {
    if (!(kinds as readonly string[]).includes(raw.kind)) return;
    const e = parseLive(raw);
    if (e) ref.current(e as Extract<LiveEvent, { kind: K }>);
  }), [live, key]);
}
