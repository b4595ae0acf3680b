// The spawner's helper process (core/spawner/index.ts starts it): a small Node process whose
// only work is starting child processes for its parent, one per connection to its Unix
// socket (frames: core/spawner/frames.ts). It runs under Node's own type stripping, not tsx,
// and imports only node: builtins and frames.ts, so it stays small: a fork copies the forking
// process's page tables, and the point of the helper is that its forks are cheap while the
// API's are not (docs/PERFORMANCE.md).
//
// A connection that ends before the child's exit was sent (the parent gave up on the child,
// or is gone) sends the child SIGTERM, which lets git remove its lock files as it stops; the
// parent's end (the IPC channel closing) does the same for every child still running.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { EXIT, frame, FrameReader, SPAWN, STDERR, STDIN, STDIN_END, STDOUT } from './frames.ts';

interface SpawnHeader {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

const running = new Set<ChildProcess>();

function serve(socket: Socket): void {
  let child: ChildProcess | null = null;
  let exited = false;
  const reader = new FrameReader((type, payload) => {
    if (type === SPAWN && !child) child = start(socket, JSON.parse(payload.toString('utf8')) as SpawnHeader, () => { exited = true; });
    else if (type === STDIN && child) {
      const c = child;
      if (!c.stdin!.write(payload)) {
        socket.pause();
        c.stdin!.once('drain', () => socket.resume());
      }
    } else if (type === STDIN_END && child) child.stdin!.end();
  });
  socket.on('data', (d: Buffer) => reader.push(d));
  socket.on('error', () => {});
  socket.on('close', () => {
    const c = child as ChildProcess | null;
    if (c && !exited && c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  });
}

function start(socket: Socket, h: SpawnHeader, onExit: () => void): ChildProcess {
  const child = spawn(h.command, h.args, { env: h.env, cwd: h.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  running.add(child);
  let spawnError: string | undefined;
  child.on('error', (err) => { spawnError = err.message; });
  child.stdin!.on('error', () => {}); // the child may stop reading its input early
  for (const [stream, type] of [[child.stdout!, STDOUT], [child.stderr!, STDERR]] as const) {
    stream.on('data', (d: Buffer) => {
      if (!socket.write(frame(type, d))) {
        stream.pause();
        socket.once('drain', () => stream.resume());
      }
    });
  }
  child.on('close', (code, signal) => {
    onExit();
    running.delete(child);
    socket.end(frame(EXIT, Buffer.from(JSON.stringify({ code, signal, error: spawnError }))));
  });
  return child;
}

const path = process.argv[2];
if (path) {
  createServer(serve).listen(path, () => process.send?.('listening'));
  // The parent ended (its IPC channel closed) or stopped us (Spawner.close): stop every child
  // and remove the socket's directory, made for this helper alone (a parent that is gone
  // cannot remove it).
  const stop = () => {
    for (const child of running) child.kill('SIGTERM');
    rmSync(dirname(path), { recursive: true, force: true });
    process.exit(0);
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
}
