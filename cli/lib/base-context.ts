// What every command of every CLI gets: io, its flags and arguments, and output helpers
// (data to stdout, progress and errors to stderr).
import type { Io } from './io.ts';
import { WireClient, type WireOptions } from './wire.ts';

export class BaseContext<F extends { json?: boolean }> {
  constructor(
    readonly io: Io,
    readonly flags: F,
    readonly input: string[],
    readonly argv: string[] = [],
  ) {}

  /** Whether an option was written on the command line (booleans parse to false either way). */
  given(option: string): boolean {
    return this.argv.some((a) => a === option || a.startsWith(option + '='));
  }

  get json(): boolean {
    return Boolean(this.flags.json);
  }

  out(line = ''): void {
    this.io.stdout.write(line + '\n');
  }

  err(line: string): void {
    this.io.stderr.write(line + '\n');
  }

  /** A wire client over io's network edge. */
  wireClient(opts: WireOptions): WireClient {
    return new WireClient({ fetch: this.io.fetch, ...opts });
  }

  printJson(value: unknown): void {
    this.io.stdout.write(JSON.stringify(value, null, 2) + '\n');
  }
}
