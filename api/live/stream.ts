// One open stream: the SSE response of one reader. It subscribes to the hub before it reads
// its backlog, holds what the hub delivers meanwhile, then hands over to live delivery
// dropping every row at or below the last id it sent, so a resume neither loses nor repeats
// a row. A reader whose unsent bytes pass the bound is closed (it resumes with Last-Event-ID);
// nobody else waits for it (the bound is checked once per fan-out batch, against the bytes
// the previous batches left unsent).
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { frame, visible, type LiveReader, type LiveRow } from './audience.ts';
import type { LiveSubscriber } from './hub.ts';
import type { ControlKind, ControlPayloads } from '../../core/wire/live.ts';

export type CloseReason = 'client_gone' | 'slow_reader' | 'server_closing' | 'access_lost' | 'reader_moved';

export class LiveStream implements LiveSubscriber {
  private live = false;
  private held: LiveRow[] = [];
  private heldBytes = 0;
  private lastBatch = -1;
  private closedWith: CloseReason | null = null;
  /** The last id written (a row's, or the position a `ready` or `reset` named). */
  lastSent = 0;
  rowsSent = 0;
  onClose: ((reason: CloseReason) => void) | null = null;

  constructor(
    private readonly res: ServerResponse,
    public reader: LiveReader,
    private readonly maxBufferBytes: number,
  ) {
    res.on('close', () => this.close('client_gone'));
  }

  get eventId(): string {
    return this.reader.eventId;
  }

  get closed(): boolean {
    return this.closedWith !== null;
  }

  deliver(row: LiveRow): void {
    if (this.closedWith || !visible(row, this.reader)) return;
    if (this.live) return this.sendRow(row);
    this.held.push(row);
    this.heldBytes += row.frame.byteLength;
    if (this.heldBytes > 4 * this.maxBufferBytes) this.close('slow_reader'); // a catch-up too slow to keep up
  }

  /** A backlog row (already filtered by SQL); waits when the socket is full (only this reader waits). */
  async backlog(id: number, kind: string, payload: string): Promise<void> {
    if (this.closedWith || id <= this.lastSent) return;
    this.lastSent = id;
    this.rowsSent++;
    if (!this.res.write(frame(id, kind, payload))) await Promise.race([once(this.res, 'drain'), once(this.res, 'close')]);
  }

  /** An event of the stream itself (`ready`, `reset`: core/wire/live.ts CONTROL_KINDS): names the position it stands at. */
  control<K extends Exclude<ControlKind, 'error'>>(event: K, position: number, data: ControlPayloads[K]): void {
    if (this.closedWith) return;
    this.lastSent = Math.max(this.lastSent, position);
    this.write(frame(this.lastSent, event, JSON.stringify(data)));
  }

  /** Catch-up done: what the hub delivered meanwhile goes out (past lastSent only), then live. */
  goLive(): void {
    const held = this.held;
    this.held = [];
    this.heldBytes = 0;
    this.live = true;
    for (const row of held) if (!this.closedWith) this.sendRow(row);
  }

  heartbeat(): void {
    if (!this.closedWith) this.write(': heartbeat\n\n');
  }

  /** Ends the stream with a last `error` event (access lost on a re-check). */
  fail(code: string, message: string): void {
    if (this.closedWith) return;
    const data: ControlPayloads['error'] = { error: { code, message } };
    this.res.write(`event: error\ndata: ${JSON.stringify(data)}\n\n`);
    this.close('access_lost');
  }

  close(reason: CloseReason): void {
    if (this.closedWith) return;
    this.closedWith = reason;
    this.held = [];
    if (reason === 'slow_reader' || reason === 'client_gone') this.res.destroy();
    else this.res.end();
    this.onClose?.(reason);
  }

  private sendRow(row: LiveRow): void {
    if (row.id <= this.lastSent) return; // seen in the backlog (the hand-over overlap)
    if (row.batch !== this.lastBatch) {
      this.lastBatch = row.batch;
      if (this.tooSlow()) return;
    }
    this.lastSent = row.id;
    this.rowsSent++;
    this.res.write(row.frame);
  }

  /** Control frames and heartbeats: checked against the bound each time. */
  private write(s: string): void {
    if (this.tooSlow()) return;
    this.res.write(s);
  }

  /**
   * The bound applies to what is still unsent when the next rows come: checked once per
   * fan-out batch (a batch of rows is written at once and may pass the bound by itself; a
   * reader that keeps up drains it before the next batch).
   */
  private tooSlow(): boolean {
    if (this.res.writableLength <= this.maxBufferBytes) return false;
    this.close('slow_reader');
    return true;
  }
}
