// The dashboard's shared context: the source, the theme, the live bus and the server clock.
import { createContext, useContext } from 'react';
import type { FollowEvent } from '../../client/stream.ts';
import type { Theme } from '../format.ts';
import type { ReceiptStore } from '../receipts.ts';
import type { LiveState, TuiSource } from '../source.ts';

/** Fans the one stream out to the screens that listen; remembers its state. */
export class LiveBus {
  state: LiveState = 'connecting';
  detail: string | undefined;
  private readonly listeners = new Set<(e: FollowEvent) => void>();
  private readonly stateListeners = new Set<() => void>();

  on(fn: (e: FollowEvent) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  onState(fn: () => void): () => void {
    this.stateListeners.add(fn);
    return () => void this.stateListeners.delete(fn);
  }

  emit(e: FollowEvent): void {
    for (const fn of this.listeners) fn(e);
  }

  setState(s: LiveState, detail?: string): void {
    this.state = s;
    this.detail = detail;
    for (const fn of this.stateListeners) fn();
  }
}

/**
 * The server's clock as seen from here: every answer carrying `serverTime` sets the offset,
 * and `now()` is this machine's monotonic progress added to the server's last word. A deadline
 * is never compared with the local clock.
 */
export class ServerClock {
  private offsetMs: number | null = null;

  observe(serverTimeIso: string | null | undefined): void {
    const t = serverTimeIso ? Date.parse(serverTimeIso) : NaN;
    if (Number.isFinite(t)) this.offsetMs = t - Date.now();
  }

  /**
   * A moment the server reported as past (a live change's `at`): if it is ahead of this
   * estimate, the estimate was stale (the server's clock moved since the last answer, as a
   * test clock does), so it moves up to it. Never moves back: a resumed backlog is old news.
   */
  atLeast(serverTimeIso: string | null | undefined): void {
    const t = serverTimeIso ? Date.parse(serverTimeIso) : NaN;
    if (Number.isFinite(t) && t > this.now()) this.offsetMs = t - Date.now();
  }

  get known(): boolean {
    return this.offsetMs !== null;
  }

  now(): number {
    return Date.now() + (this.offsetMs ?? 0);
  }
}

export interface TuiContextValue {
  source: TuiSource;
  theme: Theme;
  live: LiveBus;
  clock: ServerClock;
  /** Fallback polling interval while the stream is down (never under 5 s). */
  pollMs: number;
  /** Refresh of data no live kind announces (submission states, runs), while its screen shows. */
  refreshMs: number;
  /** Set while a screen takes typed text (a filter): the app's own keys (q, ?, 1-6) wait. */
  keys: { captured: boolean };
  /** Webhook receipts, collected from the start whatever screen shows. */
  receipts: ReceiptStore;
}

export const TuiContext = createContext<TuiContextValue | null>(null);

export function useTui(): TuiContextValue {
  const v = useContext(TuiContext);
  if (!v) throw new Error('useTui outside the dashboard');
  return v;
}
