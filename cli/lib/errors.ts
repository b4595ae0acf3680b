// Typed CLI errors carry their exit code (the same table for every Podium CLI):
// 0 ok, 1 usage or wire error, 2 input rejected before any request, 3 access refused,
// 4 environment, 5 conflict. The shared client's errors (client/errors.ts: WireError, an
// unreachable server) carry what failed instead; exitCodeOf maps that to this table.
import { ClientError, type Failure } from '../../client/errors.ts';

export const EXIT = { ok: 0, usage: 1, wire: 1, rejected: 2, access: 3, environment: 4, conflict: 5 } as const;

/**
 * Every error names its code (`--json` prints `{ error: { code, message } }`): a wire error the
 * server's code (sql/ERROR_CODES.md); a refusal made by the client before any request a client
 * code (docs/CLIENTS.md "Error codes"): `usage` (exit 1: the command line is wrong),
 * `invalid_input` (exit 2: a value refused before any request), `environment` (exit 4), or a
 * named one (`unreachable`, `file_exists`, `directory_conflict`...). The code is required: no
 * error can be made without one (test/cli/error-codes.test.ts).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly code: string,
  ) {
    super(message);
  }

  /** Whether the code is the server's (a WireError): then the human line always names it. */
  get fromServer(): boolean {
    return false;
  }
}

/** A failure a CLI reports (its code, message and exit code): one it made, or the shared client's. */
export type Reported = CliError | ClientError;

const EXIT_OF_FAILURE: Record<Failure, number> = { access: EXIT.access, wire: EXIT.wire, environment: EXIT.environment };

/** The exit code of a reported failure, or null for anything else (a bug: thrown on). */
export function exitCodeOf(err: unknown): number | null {
  if (err instanceof CliError) return err.exitCode;
  if (err instanceof ClientError) return EXIT_OF_FAILURE[err.failure];
  return null;
}

/** Whether a CLI reports this failure (exit code and line) rather than throwing it on. */
export function isReported(err: unknown): err is Reported {
  return exitCodeOf(err) !== null;
}

/** Client codes that say no more than the exit code (or the message) does: the human line leaves them out. */
export const GENERIC_CLIENT_CODES: ReadonlySet<string> = new Set(['usage', 'invalid_input', 'environment', 'unknown_command', 'unknown_option']);

/**
 * The human error line (without the tool's name): the message, then the code in parentheses
 * when it tells more than the exit code (every wire error's; a client error's named code)
 * and the message does not already name it.
 */
export function errorLine(err: Reported): string {
  const shown = err.fromServer || !GENERIC_CLIENT_CODES.has(err.code);
  return `${err.message}${shown && !err.message.includes(err.code) ? ` (${err.code})` : ''}`;
}
