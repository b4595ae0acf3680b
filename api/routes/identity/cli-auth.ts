// Emailed-code sign-in for both CLIs (self-hosted instances), and key self-revocation.
//   POST /api/v1/cli/auth/request   { email, tool?, tools? }                        -> generic success (+ delivery, hint)
//   POST /api/v1/cli/auth/complete  { email, code, tool?, tools?, keyName?, expiresInDays? } -> the key(s), once
//   DELETE /cli/auth/key            the presenting key revokes exactly itself (sessions refused)
// `tools`: one code signs in both clients, one key per tool, each with its own tool's
// prefix and scopes; without it a code and its key are one tool's, as before.
import type { FastifyInstance } from 'fastify';
import { KEY_PREFIX, mintKey, type Tool } from '../../../core/keys.ts';
import { outboxHint } from '../../../core/mail/index.ts';
import type { MintedKey } from '../../../core/wire/identity.ts';
import { requireIdentity } from '../../auth/caller.ts';
import { codeToolOf, loginCodeHash, newLoginCode } from '../../auth/login-code.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { EMAIL_SCHEMA, loginSucceeded, loginWall } from './login-wall.ts';

const TOOL_SCHEMA = { type: 'string', enum: ['deck', 'hackathon'] } as const;
const TOOLS_SCHEMA = { type: 'array', minItems: 1, maxItems: 2, uniqueItems: true, items: TOOL_SCHEMA } as const;
const CLIENT: Record<Tool, string> = { deck: 'deckcli', hackathon: 'hackathon' };

/**
 * What a body signs in: `tools` (else `tool`, else deck), and the client asking (`tool`, else
 * the first of `tools`), which names the keys.
 */
function toolsOf(body: { tool?: Tool; tools?: Tool[] }): { by: Tool; tools: Tool[] } {
  if (!body.tools) return { by: body.tool ?? 'deck', tools: [body.tool ?? 'deck'] };
  if (body.tool && !body.tools.includes(body.tool)) {
    throw new AppError('invalid_input', `tool ${body.tool} is not one of tools (${body.tools.join(', ')})`, { field: 'tool' });
  }
  return { by: body.tool ?? body.tools[0]!, tools: body.tools };
}

/** A key's name: keyName, else `<client> sign-in`; a key made for the other client says which login made it. */
function keyNameOf(tool: Tool, by: Tool, keyName: string | undefined): string {
  const base = keyName ?? `${CLIENT[tool]} sign-in`;
  if (tool === by) return base;
  const suffix = ` (by ${CLIENT[by]} login)`;
  return Array.from(base).slice(0, 100 - suffix.length).join('') + suffix; // names are 100 characters at most
}

export function registerCliAuthRoutes(app: FastifyInstance, { config, pool, limiter }: ApiDeps): void {
  // Cloud instances sign in through the hub; without a mail driver no code can be sent.
  function otpGate(): void {
    if (config.hubUrl) throw new AppError('cli_otp_disabled', 'This is a cloud instance: sign in with the hub login instead of an emailed code');
    if (!config.emailDriver) throw new AppError('otp_unavailable', 'This instance has no email driver (EMAIL_DRIVER), so it cannot send sign-in codes; ask the operator for a key');
  }

  app.post<{ Body: { email: string; tool?: Tool; tools?: Tool[] } }>(
    '/api/v1/cli/auth/request',
    {
      config: { auth: 'public' },
      preValidation: async () => otpGate(),
      schema: { body: { type: 'object', required: ['email'], additionalProperties: false, properties: { email: EMAIL_SCHEMA, tool: TOOL_SCHEMA, tools: TOOLS_SCHEMA } } },
    },
    async (req) => {
      const { email } = req.body;
      const tool = codeToolOf(toolsOf(req.body).tools);
      const normalized = await loginWall(limiter, pool, req, email);
      const code = newLoginCode(config.authSecret, tool, normalized);
      await pool.query('select app_private.login_code_request($1, $2, $3, $4)', [email, tool, code.hash, code.sealed]);
      // The same answer whether or not the account exists; where the code goes is the instance's, not the account's.
      const hint = outboxHint(config);
      const message = 'If an account uses this address, a sign-in code is on its way. It works for 10 minutes and 3 attempts.';
      return hint ? { ok: true, message: `${message} ${hint}`, delivery: 'outbox', hint } : { ok: true, message, delivery: 'email' };
    },
  );

  app.post<{ Body: { email: string; code: string; tool?: Tool; tools?: Tool[]; keyName?: string; expiresInDays?: number } }>(
    '/api/v1/cli/auth/complete',
    {
      config: { auth: 'public' },
      preValidation: async () => otpGate(),
      schema: {
        body: {
          type: 'object',
          required: ['email', 'code'],
          additionalProperties: false,
          properties: {
            email: EMAIL_SCHEMA,
            code: { type: 'string', pattern: '^\\s*\\d{6}\\s*$' },
            tool: TOOL_SCHEMA,
            tools: TOOLS_SCHEMA,
            keyName: { type: 'string', minLength: 1, maxLength: 100 },
            expiresInDays: { type: 'integer', minimum: 1, maximum: 3650 },
          },
        },
      },
    },
    async (req, reply) => {
      const { email, keyName, expiresInDays } = req.body;
      const { by, tools } = toolsOf(req.body);
      const normalized = await loginWall(limiter, pool, req, email);
      const minted = tools.map((tool) => ({ tool, ...mintKey(tool) }));
      const { rows } = await pool.query('select app_private.login_code_complete_tools($1, $2, $3, $4, $5, $6) as r', [
        email,
        tools,
        loginCodeHash(config.authSecret, codeToolOf(tools), normalized, req.body.code.trim()),
        minted.map((m) => m.hash),
        tools.map((tool) => keyNameOf(tool, by, keyName)),
        expiresInDays ?? null,
      ]);
      const r = rows[0].r;
      if (r.error) throw new AppError(r.error, r.message);
      await loginSucceeded(limiter, pool, req, normalized, 2); // a code that worked: its request and its spending give their attempts back
      reply.status(201);
      const keys: MintedKey[] = minted.map((m, i) => ({ ...r.keys[i], key: m.key, prefix: KEY_PREFIX[m.tool] }));
      // With `tools`, every key in `keys`; without, the one key in the shape from before `tools`.
      return req.body.tools ? { keys, user: r.user } : { ...keys[0], user: r.user };
    },
  );

  app.delete('/cli/auth/key', { config: { auth: 'key', keyScopes: ['*'] } }, async (req) => {
    const id = requireIdentity(req);
    const { rows } = await pool.query('select app_private.revoke_key($1) as revoked', [id.key!.id]);
    return { revoked: rows[0].revoked };
  });
}
