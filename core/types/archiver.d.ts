// archiver 8 ships no types; this is the part Podium uses.
declare module 'archiver' {
  import { Transform, type Readable } from 'node:stream';
  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number }; store?: boolean });
    append(source: Readable | Buffer | string, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    abort(): this;
  }
}
