// The spawner's wire between a parent and its helper process (core/spawner): frames of
// [type: 1 byte][length: 4 bytes, big-endian][payload], in both directions, over one Unix
// socket connection per child. Only node: builtins here: the helper runs this file under
// Node's own type stripping.

/** Parent to helper: the child to start, as JSON ({ command, args, env, cwd }); always first. */
export const SPAWN = 0;
/** Parent to helper: bytes of the child's standard input. */
export const STDIN = 1;
/** Parent to helper: the end of the child's standard input. */
export const STDIN_END = 2;
/** Helper to parent: bytes of the child's standard output. */
export const STDOUT = 3;
/** Helper to parent: bytes of the child's standard error. */
export const STDERR = 4;
/** Helper to parent: the child's exit as JSON ({ code, signal, error? }), after both streams ended; always last. */
export const EXIT = 5;

export function frame(type: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

/** Cuts a byte stream into whole frames, in order. */
export class FrameReader {
  private buf: Buffer = Buffer.alloc(0);
  private onFrame: (type: number, payload: Buffer) => void;

  constructor(onFrame: (type: number, payload: Buffer) => void) {
    this.onFrame = onFrame; // no parameter property: Node's type stripping does not take them
  }

  push(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    while (this.buf.length >= 5) {
      const len = this.buf.readUInt32BE(1);
      if (this.buf.length < 5 + len) return;
      const type = this.buf[0]!;
      const payload = this.buf.subarray(5, 5 + len);
      this.buf = this.buf.subarray(5 + len);
      this.onFrame(type, payload);
    }
  }
}
