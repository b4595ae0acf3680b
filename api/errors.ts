// The one map from error code to HTTP status. Codes are registered in sql/ERROR_CODES.md.
// Wire shape: { "error": { "code", "message", ...details } }.
import type { FastifyError } from 'fastify';

export const STATUS_BY_CODE: Record<string, number> = {
  // wire basics
  invalid_input: 400,
  invalid_json: 400,
  invalid_cursor: 400,
  request_timeout: 408,
  not_found: 404,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
  idempotency_key_reused: 422,
  conflict: 409,
  // identity
  unauthorized: 401,
  key_not_allowed: 403,
  insufficient_scope: 403,
  session_refused: 403,
  csrf_refused: 403,
  workspace_pinned: 403,
  workspace_not_found: 404,
  workspace_exists: 409,
  invalid_role: 400,
  invalid_tool: 400,
  invalid_scopes: 400,
  invalid_expiry: 400,
  not_a_member: 400,
  already_set_up: 409,
  invalid_setup_token: 403,
  invalid_credentials: 401,
  managed_on_hub: 409,
  account_not_found: 404, // podium account erase, podium operator add (operator)
  operator_only: 403, // the mail outbox on the web
  // invitations (sql/migrations/000082_invitations.sql)
  already_member: 409,
  invitation_role_refused: 403,
  invitation_invalid: 404,
  invitation_used: 410,
  invitation_expired: 410,
  invitation_wrong_account: 403,
  email_confusable: 409, // look-alike addresses
  // emailed-code sign-in
  otp_unavailable: 400,
  cli_otp_disabled: 403,
  invalid_code: 400,
  two_factor_required: 403,
  tool_access_denied: 403, // the hub's refusal of an exchange, relayed as it is
  hub_token_invalid: 401,
  hub_grant_invalid: 401,
  hub_unavailable: 502,
  // deck service (api/routes/deck/)
  mail_unavailable: 400,
  version_conflict: 409,
  blob_not_prechecked: 409,
  blob_missing: 409,
  blob_mismatch: 400,
  invalid_path: 400,
  invalid_entry: 400,
  deck_read_only: 403,
  guest_cannot_create: 403,
  deck_has_no_version: 409,
  version_not_found: 404,
  file_not_found: 404,
  forms_disabled: 403,
  // hackathon event service (api/routes/event/ and friends)
  // (the stale-version refusal of event configure is version_conflict, above)
  event_not_configured: 404,
  not_on_roster: 403,
  insufficient_event_role: 403,
  not_your_team: 403,
  not_a_participant: 403,
  github_login_taken: 409,
  event_started: 409,
  reason_required: 400,
  event_closed: 409,
  build_end_past: 400,
  starts_past: 400,
  vote_window_locked: 409,
  roster_locked: 409,
  team_archived: 409,
  voting_open: 409,
  vote_off: 409,
  team_required: 400,
  team_not_found: 404,
  no_accepted_push: 409,
  invalid_deck_link: 400,
  vote_link_frozen: 409,
  deck_link_not_live: 400,
  deck_link_other_workspace: 400,
  deck_link_not_yours: 403,
  deck_link_taken: 409,
  project_not_found: 404,
  insufficient_project_role: 403,
  project_archived: 409,
  project_name_taken: 409,
  guest_excluded: 403,
  guest_cannot_be_member: 400,
  member_not_found: 404,
  owner_or_admin_required: 403,
  team_managed_on_hub: 409,
  slug_taken: 409,
  already_in_team: 409,
  demo_signin_off: 403,
  demo_pass_not_found: 404,
  demo_pass_invalid: 404,
  demo_role_refused: 403,
  demo_session_refused: 403,
  // submissions and the code host (api/routes/submissions, webhooks, git)
  invitation_not_found: 404,
  signature_invalid: 401,
  event_not_found: 404,
  repository_not_found: 404,
  organization_taken: 409,
  repository_access_denied: 403,
  not_frozen: 409,
  event_not_closed: 409,
  judging_started: 409,
  capture_failed: 409,
  plan_conflicts: 409,
  // chats, requests, feed (api/routes/chats/)
  channel_not_found: 404,
  post_not_found: 404,
  not_a_thread_root: 400,
  post_hidden: 409,
  request_not_found: 404,
  request_claimed: 409,
  request_resolved: 409,
  reaction_limit: 409,
  post_reaction_limit: 409,
  // generated decks (api/routes/event/decks.ts)
  run_in_progress: 409,
  content_pinned: 409,
  run_not_found: 404,
  deck_not_found: 404,
  not_approved: 409,
  evidence_replaced: 409,
  // community vote (api/routes/community/)
  eligibility_locked: 409,
  invalid_eligibility: 400,
  eligibility_not_locked: 409,
  eligibility_stale: 409,
  roster_not_locked: 409,
  no_candidates: 409,
  candidates_not_ready: 409,
  voting_closed: 409,
  voting_not_open: 409,
  voting_not_closed: 409,
  not_eligible_voter: 403,
  invalid_ballot: 400,
  revision_conflict: 409,
  ballot_not_submitted: 409,
  ballot_invalidated: 409,
  // Jury judging
  invalid_criteria: 400,
  jury_opened: 409,
  juror_not_found: 404,
  jury_conflict: 409,
  jury_score_submitted: 409,
  jury_no_criteria: 409,
  jury_no_assignments: 409,
  jury_not_open: 409,
  jury_closed: 409,
  jury_not_assigned: 403,
  invalid_jury_score: 400,
  jury_not_closed: 409,
};

/** The status of a registered code. An unregistered one is a bug: loud in test mode, a 400
 *  in production (the caller still gets the code and message). */
export function statusOf(code: string): number {
  const status = STATUS_BY_CODE[code];
  if (status !== undefined) return status;
  if (process.env.PODIUM_TEST_MODE === '1') throw new Error(`error code ${code} is not registered in sql/ERROR_CODES.md and api/errors.ts`);
  return 400;
}

export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly status: number = statusOf(code),
  ) {
    super(message);
  }

  toJSON() {
    return { error: { ...this.details, code: this.code, message: this.message } };
  }
}

/** SQLSTATEs of values PostgreSQL refused (class 22, data exception, the ones input can cause). */
const VALUE_REFUSALS = new Set([
  '22P05', // untranslatable character (\u0000 in jsonb)
  '22021', // character not in repertoire (NUL in text)
  '22003', // numeric value out of range
  '22P02', // invalid text representation (uuid, integer, boolean)
  '22P01', // floating point exception
  '22007', // invalid datetime format
  '22008', // datetime field overflow
  '22023', // invalid parameter value (time zone names, intervals)
  '22025', // invalid escape sequence
  '2202E', // array subscript error
  '22004', // null value not allowed
  '22032', // invalid JSON text
  '22030', // duplicate JSON object key value
  '2203A', // SQL/JSON member not found
  '22033', // invalid SQL/JSON subscript
]);

/** A refusal raised in SQL by app_private.fail(code, message, details). */
export function fromPgError(err: unknown): AppError | null {
  const e = err as { code?: string; detail?: string; hint?: string; message?: string; constraint?: string };
  if (e?.code === 'PD000' && e.detail) {
    let details: Record<string, unknown> = {};
    if (e.hint) {
      try {
        details = JSON.parse(e.hint);
      } catch {
        /* hint is ours; a non-JSON hint carries no details */
      }
    }
    return new AppError(e.detail, e.message ?? e.detail, details);
  }
  // Constraint backstops: input the edge should have caught, still named.
  if (e?.code === '23514' || e?.code === '23502' || e?.code === '22001') {
    return new AppError('invalid_input', `Rejected by the database: ${e.constraint ?? e.message}`, { constraint: e.constraint });
  }
  // A value PostgreSQL cannot take (a NUL, a number out of range, text that is not a uuid,
  // an instant, JSON): the caller's input, so a 400, never a 500. Only the message goes
  // out; DETAIL and CONTEXT may quote other values of the request.
  if (e?.code && VALUE_REFUSALS.has(e.code)) {
    return new AppError('invalid_input', `A value is not acceptable: ${e.message ?? e.code}`, { sqlstate: e.code });
  }
  if (e?.code === '23505') {
    return new AppError('conflict', `Already exists (${e.constraint ?? 'unique'})`, { constraint: e.constraint });
  }
  return null;
}

// A dependency that stopped answering (PostgreSQL restarting or unreachable, the pool unable
// to connect, Redis down under the login wall): a 503 the client may retry, not a 500.
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const NET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGES = /Connection terminated|Connection is closed|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)|Reached the max retries per request limit/;

export function fromUnavailable(err: unknown): AppError | null {
  const e = err as { code?: string; name?: string; message?: string } | null;
  if (!e) return null;
  const down = (e.code !== undefined && (PG_UNAVAILABLE.has(e.code) || NET_UNAVAILABLE.has(e.code)))
    || e.name === 'MaxRetriesPerRequestError' || UNAVAILABLE_MESSAGES.test(e.message ?? '');
  return down ? new AppError('service_unavailable', 'A service this request needs (database or rate-limit store) is not answering; retry in a few seconds', { retryAfterSeconds: 2 }) : null;
}

// Any error a route or page throws, in the wire shape (the server's error handler and the
// pages use it alike).
function validationError(err: FastifyError): AppError {
  const v = err.validation?.[0];
  const where = err.validationContext ?? 'body';
  const params = v?.params as { missingProperty?: string; additionalProperty?: string } | undefined;
  const field =
    params?.missingProperty ??
    params?.additionalProperty ??
    (v?.instancePath ? v.instancePath.replace(/^\//, '').replace(/\//g, '.') : undefined);
  const name = field ? `${where}.${field}` : where;
  const message =
    v?.keyword === 'required' ? `${name} is required` :
    v?.keyword === 'additionalProperties' ? `${name} is not a known field` :
    `${name} ${v?.message ?? 'is invalid'}`;
  return new AppError('invalid_input', message, { field: field ?? null });
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const pgErr = fromPgError(err) ?? fromUnavailable(err);
  if (pgErr) return pgErr;
  const f = err as FastifyError;
  if (f.validation) return validationError(f);
  if (f.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || f.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
    return new AppError('invalid_json', 'The request body is not valid JSON');
  }
  if (f.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || f.statusCode === 413) return new AppError('payload_too_large', 'The request body is too large');
  if (f.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('invalid_input', 'Send JSON (Content-Type: application/json)', {}, 415);
  if (f.code === 'FST_ERR_BAD_URL') return new AppError('invalid_input', 'The URL holds a malformed escape (%) or text that is not UTF-8', { field: 'url' });
  if (f.code === 'FST_ERR_MAX_PARAM_LENGTH') return new AppError('invalid_input', `A path segment is longer than ${MAX_PARAM_LENGTH} characters`, { field: 'url' }, 414);
  if (f.statusCode && f.statusCode >= 400 && f.statusCode < 500) return new AppError('invalid_input', f.message, {}, f.statusCode);
  return new AppError('internal', 'Something went wrong on the server; the request id is in the logs', {}, 500);
}

/** Longest path parameter (a framed share-link context with its signature fits). */
export const MAX_PARAM_LENGTH = 1024;
