// What every command of every CLI gets: io, its flags and arguments, and output helpers
// (data to stdout, progress and errors to stderr).
import { paintFor, type Paint } from './colour.ts';
import type { Io } from './io.ts';
import { localZone, when } from '../../client/time.ts';
import { WireClient, type WireOptions } from '../../client/wire.ts';

export class BaseContext<F extends { json?: boolean; color?: boolean }> {
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

  private paints: Partial<Record<'stdout' | 'stderr', Paint>> = {};

  /** Colours for stdout (`paint`) and stderr (`paintErr`): cli/lib/colour.ts decides whether. */
  get paint(): Paint {
    return (this.paints.stdout ??= paintFor(this.io, 'stdout', { argv: this.argv, flags: this.flags }));
  }

  get paintErr(): Paint {
    return (this.paints.stderr ??= paintFor(this.io, 'stderr', { argv: this.argv, flags: this.flags }));
  }

  /** A line that reports a success (green on a terminal; its words say it anyway). */
  done(line: string): void {
    this.out(this.paint.ok(line));
  }

  /** The zone tables show times in (each CLI: its profile's `timezone`, else this machine's). */
  zone(): string {
    return localZone(this.io.env);
  }

  /** An instant for a table: ISO 8601 in `zone` (default: this run's), to the second. */
  when(iso: string | null | undefined, zone?: string | null): string {
    return when(iso, zone ?? this.zone());
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
