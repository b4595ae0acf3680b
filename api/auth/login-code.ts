// Emailed sign-in codes are kept as an HMAC with AUTH_SECRET over the tool, the address and
// the code: a database leak does not reveal them, and a code is only good for its tool.
// `normalizedEmail` is the address as the login wall answered it (app_private.normalize_email), so
// the request and its completion agree whichever spelling each used.
import { hmac, numericCode, seal } from '../../core/crypto.ts';
import type { Tool } from '../../core/keys.ts';

/** What a code signs in: one tool, both CLI tools at once (`deck+hackathon`), or the browser. */
export type CodeTool = Tool | 'deck+hackathon' | 'browser';

/** The code of a set of CLI tools: the tools sorted and joined by `+`, as SQL stores it (login_code_complete_tools). */
export function codeToolOf(tools: readonly Tool[]): CodeTool {
  return [...new Set(tools)].sort().join('+') as CodeTool;
}

export function loginCodeHash(secret: string, tool: CodeTool, normalizedEmail: string, code: string): Buffer {
  return hmac(secret, `login-code:${tool}:${normalizedEmail}:${code}`);
}

/** A fresh code: its hash for the table, and the code sealed for the mail job. */
export function newLoginCode(secret: string, tool: CodeTool, normalizedEmail: string): { hash: Buffer; sealed: string } {
  const code = numericCode();
  return { hash: loginCodeHash(secret, tool, normalizedEmail, code), sealed: seal(secret, code) };
}
