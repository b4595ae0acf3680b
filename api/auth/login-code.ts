// Emailed sign-in codes are kept as an HMAC with AUTH_SECRET over the tool, the address and
// the code: a database leak does not reveal them, and a code is only good for its tool.
// `normalizedEmail` is the address as the login wall answered it (app_private.normalize_email), so
// the request and its completion agree whichever spelling each used.
import { hmac, numericCode, seal } from '../../core/crypto.ts';

export type CodeTool = 'deck' | 'hackathon' | 'browser';

export function loginCodeHash(secret: string, tool: CodeTool, normalizedEmail: string, code: string): Buffer {
  return hmac(secret, `login-code:${tool}:${normalizedEmail}:${code}`);
}

/** A fresh code: its hash for the table, and the code sealed for the mail job. */
export function newLoginCode(secret: string, tool: CodeTool, normalizedEmail: string): { hash: Buffer; sealed: string } {
  const code = numericCode();
  return { hash: loginCodeHash(secret, tool, normalizedEmail, code), sealed: seal(secret, code) };
}
