// Child processes started by a small helper process instead of by this one. A spawn's
// synchronous part is a fork, and a fork copies the forking process's page tables: from a
// Podium server (about 320 MB resident) it held the event loop 8 ms a spawn on one machine and
// 75 ms on another (a virtual machine where page-table work traps to the hypervisor), against
// 21 ms from a 50 MB process there (docs/PERFORMANCE.md, bench:git). Every git request of the
// local code host is a spawn, so in an event's last hour those forks froze the API that
// serves the receipts. The helper (core/spawner/helper.ts) forks instead, off the API's event
// loop; each child is one connection to the helper's Unix socket (core/spawner/frames.ts), in
// a directory only this user can enter; the socket's flow control is the child's backpressure.
//
// A SpawnedChild looks like the part of node's ChildProcess the callers use: stdin, stdout,
// stderr, exitCode, signalCode, kill() (SIGTERM: the helper's only signal) and the 'close'
// event with (code, signal) after both output streams ended.
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { EXIT, frame, FrameReader, SPAWN, STDERR, STDIN, STDIN_END, STDOUT } from './frames.ts';

const HELPER = fileURLToPath(new URL('./helper.ts', import.meta.url));

export interface SpawnOptions {
  env: Record<string, string | undefined>;
  cwd?: string;
}

export class SpawnedChild extends EventEmitter {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  private done = false;

  constructor(private socket: Socket, connected: Promise<void>) {
    super();
    const send = (type: number, payload: Buffer | undefined, cb: (err?: Error | null) => void) => {
      connected.then(() => {
        if (this.done || socket.destroyed) return cb(); // the child is gone: its input has nowhere to go
        if (socket.write(frame(type, payload))) return cb();
        const go = () => { socket.off('drain', go); socket.off('close', go); cb(); };
        socket.on('drain', go);
        socket.on('close', go);
      }, () => cb());
    };
    this.stdin = new Writable({
      write: (chunk: Buffer, _enc, cb) => send(STDIN, chunk, cb),
      final: (cb) => send(STDIN_END, undefined, cb),
    });
    // Reading on: the socket resumes; a stream's buffer full: the socket pauses (backpressure).
    this.stdout = new Readable({ read: () => socket.resume() });
    this.stderr = new Readable({ read: () => socket.resume() });
  }

  /** Whether the child's end was reported (its exit, or the failure to run it). */
  get ended(): boolean {
    return this.done;
  }

  /** Gives up on the child: the connection closes and the helper sends it SIGTERM (or it never starts). */
  kill(): boolean {
    if (this.done) return false;
    this.finish(null, null);
    this.socket.destroy();
    return true;
  }

  /** The helper's frames: output to the streams, then the exit. */
  receive(type: number, payload: Buffer): void {
    if (this.done) return; // given up on (kill() may come from a reader of the frame before)
    if (type === STDOUT || type === STDERR) {
      if (!(type === STDOUT ? this.stdout : this.stderr).push(payload)) this.socket.pause();
    } else if (type === EXIT) {
      const exit = JSON.parse(payload.toString('utf8')) as { code: number | null; signal: NodeJS.Signals | null; error?: string };
      if (exit.error && this.listenerCount('error') > 0) this.emit('error', new Error(exit.error));
      this.finish(exit.code, exit.signal);
      this.socket.destroy();
    }
  }

  /** Ends both streams and emits 'close' once they have ended (unread ones are drained). */
  finish(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.done) return;
    this.done = true;
    this.exitCode = code;
    this.signalCode = signal;
    this.emit('exit', code, signal);
    let open = 2;
    for (const s of [this.stdout, this.stderr]) {
      s.once('end', () => { if (--open === 0) this.emit('close', code, signal); });
      s.push(null);
      if (s.readableFlowing === null) s.resume();
    }
  }
}

/** One helper process per Spawner, started on first use and again after it died. */
export class Spawner {
  private helper: ChildProcess | null = null;
  private ready: Promise<string> | null = null;

  private start(): Promise<string> {
    // Mode 0700: only this user may connect. A Unix socket's path holds at most 107 bytes.
    const base = tmpdir().length <= 60 ? tmpdir() : '/tmp';
    const dir = mkdtempSync(path.join(base, 'podium-spawner-'));
    const sock = path.join(dir, 'socket');
    const helper = fork(HELPER, [sock], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.helper = helper;
    const ready = new Promise<string>((resolve, reject) => {
      helper.once('message', () => resolve(sock));
      helper.once('exit', (code, signal) => reject(new Error(`the spawner's helper exited (${signal ?? code}) before it listened`)));
      helper.once('error', reject);
    });
    helper.once('exit', () => {
      if (this.helper === helper) { this.helper = null; this.ready = null; }
      rmSync(dir, { recursive: true, force: true });
    });
    // Waiting for the helper keeps this process alive; once it listens, each child's own
    // connection does, and an idle helper must not keep a finished process running.
    void ready.then(() => { helper.unref(); helper.channel?.unref(); }, () => {});
    return ready;
  }

  /**
   * Starts `command` with `args` through the helper. A command that cannot run ends as in node
   * ('error' when listened to, then 'close' with node's negative code); a helper that cannot be
   * reached, or a connection lost, ends in 'close' with a null code.
   */
  spawn(command: string, args: readonly string[], opts: SpawnOptions): SpawnedChild {
    const socket = new Socket();
    this.ready ??= this.start();
    let child: SpawnedChild | null = null;
    const connected = this.ready.then((sock) => new Promise<void>((resolve, reject) => {
      // Given up on while the helper was starting: never connect (connect() would revive the
      // destroyed socket and the child would run after all).
      if (child?.ended) return reject(new Error('the child was killed before it started'));
      socket.once('error', reject);
      socket.connect(sock, () => {
        socket.write(frame(SPAWN, Buffer.from(JSON.stringify({ command, args, env: opts.env, cwd: opts.cwd }))));
        resolve();
      });
    }));
    child = new SpawnedChild(socket, connected);
    const fail = (err: Error) => {
      if (child.ended) return;
      if (child.listenerCount('error') > 0) child.emit('error', err);
      child.finish(null, null);
    };
    connected.catch((err: Error) => { if (!child.ended) this.ready = null; fail(err); });
    const reader = new FrameReader((type, payload) => child.receive(type, payload));
    socket.on('data', (d: Buffer) => reader.push(d));
    socket.on('error', (err) => fail(err));
    socket.on('close', () => fail(new Error('the spawner closed the connection before the child exited')));
    return child;
  }

  /** Stops the helper (its children get SIGTERM). */
  close(): void {
    this.helper?.kill();
    this.helper = null;
    this.ready = null;
  }
}
