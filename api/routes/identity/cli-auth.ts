// Emailed-code sign-in for both CLIs (self-hosted instances), and key self-revocation.
//   POST /api/v1/cli/auth/request   { email, tool? }                        -> generic success (+ delivery, hint)
//   POST /api/v1/cli/auth/complete  { email, code, tool?, keyName?, expiresInDays? } -> the key, once
//   DELETE /cli/auth/key            the presenting key revokes exactly itself (sessions refused)
import type { FastifyInstance } from 'fastify';
import { KEY_PREFIX, mintKey, type Tool } from '../../../core/keys.ts';
import { outboxHint } from '../../../core/mail/index.ts';
import { requireIdentity } from '../../auth/caller.ts';
import { loginCodeHash, newLoginCode } from '../../auth/login-code.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { EMAIL_SCHEMA, loginSucceeded, loginWall } from './login-wall.ts';

const TOOL_SCHEMA = { type: 'string', enum: ['deck', 'hackathon'] } as const;

export function registerCliAuthRoutes(app: FastifyInstance, { config, pool, limiter }: ApiDeps): void {
  // Cloud instances sign in through the hub; without a mail driver no code can be sent.
  function otpGate(): void {
    if (config.hubUrl) throw new AppError('cli_otp_disabled', 'This is a cloud instance: sign in with the hub login instead of an emailed code');
    if (!config.emailDriver) throw new AppError('otp_unavailable', 'This instance has no email driver (EMAIL_DRIVER), so it cannot send sign-in codes; ask the operator for a key');
  }

  app.post<{ Body: { email: string; tool?: Tool } }>(
    '/api/v1/cli/auth/request',
    {
      config: { auth: 'public' },
      preValidation: async () => otpGate(),
      schema: { body: { type: 'object', required: ['email'], additionalProperties: false, properties: { email: EMAIL_SCHEMA, tool: TOOL_SCHEMA } } },
    },
    async (req) => {
      const { email } = req.body;
      const tool = req.body.tool ?? 'deck';
      const normalized = await loginWall(limiter, pool, req, email);
      const code = newLoginCode(config.authSecret, tool, normalized);
      await pool.query('select app_private.login_code_request($1, $2, $3, $4)', [email, tool, code.hash, code.sealed]);
      // The same answer whether or not the account exists; where the code goes is the instance's, not the account's.
      const hint = outboxHint(config);
      const message = 'If an account uses this address, a sign-in code is on its way. It works for 10 minutes and 3 attempts.';
      return hint ? { ok: true, message: `${message} ${hint}`, delivery: 'outbox', hint } : { ok: true, message, delivery: 'email' };
    },
  );

  app.post<{ Body: { email: string; code: string; tool?: Tool; keyName?: string; expiresInDays?: number } }>(
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
            keyName: { type: 'string', minLength: 1, maxLength: 100 },
            expiresInDays: { type: 'integer', minimum: 1, maximum: 3650 },
          },
        },
      },
    },
    async (req, reply) => {
      const { email, keyName, expiresInDays } = req.body;
      const tool = req.body.tool ?? 'deck';
      const normalized = await loginWall(limiter, pool, req, email);
      const { key, hash } = mintKey(tool);
      const { rows } = await pool.query('select app_private.login_code_complete($1, $2, $3, $4, $5, $6) as r', [
        email, tool, loginCodeHash(config.authSecret, tool, normalized, req.body.code.trim()), hash, keyName ?? `${tool === 'deck' ? 'deckcli' : 'hackathon'} sign-in`, expiresInDays ?? null,
      ]);
      const r = rows[0].r;
      if (r.error) throw new AppError(r.error, r.message);
      await loginSucceeded(limiter, pool, req, normalized, 2); // a code that worked: its request and its spending give their attempts back
      reply.status(201);
      return { ...r.key, key, prefix: KEY_PREFIX[tool], user: r.user };
    },
  );

  app.delete('/cli/auth/key', { config: { auth: 'key', keyScopes: ['*'] } }, async (req) => {
    const id = requireIdentity(req);
    const { rows } = await pool.query('select app_private.revoke_key($1) as revoked', [id.key!.id]);
    return { revoked: rows[0].revoked };
  });
}
