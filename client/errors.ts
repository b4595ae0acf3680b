// The errors of the shared client (client/): a refusal the server answered (WireError, its code
// from sql/ERROR_CODES.md) or a failure on the way (the server unreachable, a stream that ends
// early). Each names its code and what failed; the CLIs turn what failed into their exit code
// (cli/lib/errors.ts holds the exit-code table), the dashboard and the simulation only read it.

/** What failed: the server refused (`access`: the key or the role; `wire`: anything else), or the environment (unreachable, cut). */
export type Failure = 'access' | 'wire' | 'environment';

export class ClientError extends Error {
  constructor(
    message: string,
    readonly failure: Failure,
    readonly code: string,
  ) {
    super(message);
  }

  /** Whether the code is the server's (a WireError): then the human line always names it. */
  get fromServer(): boolean {
    return false;
  }
}

/** Wire codes that mean "access refused" (exit 3); every other wire error is exit 1.
 *  The Exit column of sql/ERROR_CODES.md says the same (checked by a test). */
export const ACCESS_CODES = new Set([
  'unauthorized', 'key_not_allowed', 'insufficient_scope', 'workspace_pinned', 'not_on_roster',
  'not_a_participant', 'github_login_taken', 'tool_access_denied', 'insufficient_event_role', 'organization_taken',
  'hub_token_invalid', 'hub_grant_invalid',
]);

/** A refusal the server answered ({ error: { code, message, ...details } }). */
export class WireError extends ClientError {
  constructor(
    readonly status: number,
    code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message, ACCESS_CODES.has(code) ? 'access' : 'wire', code);
  }

  override get fromServer(): boolean {
    return true;
  }
}
