// Browser sign-in with a password (and a TOTP code for two-factor accounts).
//   POST   /api/v1/auth/session  { email, password, totp? } -> sets the session cookie
//   DELETE /api/v1/auth/session  signs this browser out
import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import { requireIdentity } from '../../auth/caller.ts';
import { clearSessionCookie, createSession, endSession, setSessionCookie } from '../../auth/session.ts';
import { spendTotpCode } from '../../auth/two-factor.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { EMAIL_SCHEMA, loginSucceeded, loginWall } from './login-wall.ts';

// Verified against when the account is unknown, so both paths cost one argon2 verify.
let decoyHash: Promise<string> | null = null;

export function registerSessionRoutes(app: FastifyInstance, { config, pool, limiter }: ApiDeps): void {
  const secure = config.publicUrl.startsWith('https://');

  app.post<{ Body: { email: string; password: string; totp?: string } }>(
    '/api/v1/auth/session',
    {
      config: { auth: 'public' },
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password'],
          additionalProperties: false,
          properties: { email: EMAIL_SCHEMA, password: { type: 'string', minLength: 1, maxLength: 1000 }, totp: { type: 'string', maxLength: 10 } },
        },
      },
    },
    async (req, reply) => {
      const { email, password, totp } = req.body;
      const normalized = await loginWall(limiter, pool, req, email);
      const { rows } = await pool.query('select app_private.password_login_info($1) as info', [email]);
      const info = rows[0].info as { userId: string; passwordHash: string | null; twoFactor: boolean; totpSealed: string | null } | null;
      decoyHash ??= argon2.hash('decoy-password-for-timing');
      const ok = await argon2.verify(info?.passwordHash ?? (await decoyHash), password).catch(() => false);
      if (!info || !info.passwordHash || !ok) throw new AppError('invalid_credentials', 'Wrong email or password');
      if (info.twoFactor) {
        if (!totp) throw new AppError('two_factor_required', 'This account uses two-factor authentication: send the code from your authenticator app as totp');
        const verdict = await spendTotpCode(pool, config.authSecret, info, totp.trim());
        if (!verdict.ok) throw new AppError('invalid_credentials', verdict.message);
      }
      const token = await createSession(pool, info.userId);
      await loginSucceeded(limiter, pool, req, normalized, 1);
      setSessionCookie(reply, token, secure);
      return { ok: true, userId: info.userId };
    },
  );

  app.delete('/api/v1/auth/session', { config: { auth: 'session' } }, async (req, reply) => {
    const id = requireIdentity(req);
    if (id.sessionId) await endSession(pool, id.sessionId);
    clearSessionCookie(reply, secure);
    return { ok: true };
  });
}
