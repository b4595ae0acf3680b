// Hub accounts sign in with an emailed code (and their TOTP code when two-factor is on);
// the answer is a hub login the clients store and present to the hub only.
//   POST   /hub/v1/auth/request   { email }                          -> generic success
//   POST   /hub/v1/auth/complete  { email, code, twoFactorCode? }    -> { login, account }, once
//   GET    /hub/v1/login          (hub login)                        -> the account and its organizations
//   DELETE /hub/v1/login          (hub login)                        -> revokes that login
import type { FastifyInstance } from 'fastify';
import type { HubCodeRequested, HubLoginOpened, HubMe } from '../../../core/wire/hub.ts';
import { hmac, numericCode, randomToken, seal, sha256, unseal } from '../../../core/crypto.ts';
import { totpStep } from '../../../core/totp.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { EMAIL_SCHEMA, loginWall } from '../identity/login-wall.ts';
import { asAccount, hubCaller } from './shared.ts';

const codeHash = (secret: string, normalizedEmail: string, code: string) => hmac(secret, `hub-code:${normalizedEmail}:${code}`);

export function registerHubSignInRoutes(app: FastifyInstance, { config, pool, limiter }: ApiDeps): void {
  const open = { config: { auth: 'none' as const } };

  app.post<{ Body: { email: string } }>(
    '/hub/v1/auth/request',
    { ...open, schema: { body: { type: 'object', required: ['email'], additionalProperties: false, properties: { email: EMAIL_SCHEMA } } } },
    async (req): Promise<HubCodeRequested> => {
      const normalized = await loginWall(limiter, pool, req, req.body.email);
      const code = numericCode();
      await pool.query('select hub_private.login_code_request($1, $2, $3)', [req.body.email, codeHash(config.authSecret, normalized, code), seal(config.authSecret, code)]);
      return { ok: true, message: 'If a hub account uses this address, a sign-in code is on its way. It works for 10 minutes and 3 attempts.' };
    },
  );

  app.post<{ Body: { email: string; code: string; twoFactorCode?: string } }>(
    '/hub/v1/auth/complete',
    {
      ...open,
      schema: {
        body: {
          type: 'object',
          required: ['email', 'code'],
          additionalProperties: false,
          properties: { email: EMAIL_SCHEMA, code: { type: 'string', pattern: '^\\s*\\d{6}\\s*$' }, twoFactorCode: { type: 'string', pattern: '^\\s*\\d{6}\\s*$' } },
        },
      },
    },
    async (req, reply): Promise<HubLoginOpened> => {
      const normalized = await loginWall(limiter, pool, req, req.body.email);
      const hash = codeHash(config.authSecret, normalized, req.body.code.trim());
      const check = (await pool.query('select hub_private.login_code_check($1, $2) as r', [req.body.email, hash])).rows[0].r;
      if (check.error) throw new AppError(check.error, check.message); // one answer for a wrong code and an unknown address
      if (check.twoFactor) {
        const totp = req.body.twoFactorCode?.trim();
        // The emailed code is not spent: the client asks for the TOTP code and sends both again.
        if (!totp) throw new AppError('two_factor_required', 'This hub account uses two-factor authentication: send the code of your authenticator app with the emailed code');
        const now = (await pool.query('select extract(epoch from app.now())::float8 as now')).rows[0].now as number;
        const step = check.totpSealed ? totpStep(unseal(config.authSecret, check.totpSealed), totp, now) : null;
        const spent = step !== null && (await pool.query('select hub_private.spend_totp_step($1, $2) as ok', [check.accountId, step])).rows[0].ok;
        if (!spent) {
          const strike = (await pool.query('select hub_private.login_code_strike($1, $2) as r', [check.accountId, step === null ? 'Wrong two-factor code' : 'This two-factor code was already used'])).rows[0].r;
          throw new AppError('invalid_credentials', strike.message, { attemptsLeft: strike.attemptsLeft });
        }
      }
      const login = 'hl_' + randomToken(32);
      const r = (await pool.query('select hub_private.login_code_spend($1, $2, $3) as r', [check.accountId, hash, sha256(login)])).rows[0].r;
      if (r.error) throw new AppError(r.error, r.message);
      reply.status(201);
      return { login, account: r.account };
    },
  );

  app.get('/hub/v1/login', open, async (req): Promise<HubMe> => {
    const c = await hubCaller(req, pool);
    return asAccount(pool, c.account.id, async (client) => (await client.query('select hub.my_account() as r')).rows[0].r);
  });

  app.delete('/hub/v1/login', open, async (req) => {
    const c = await hubCaller(req, pool);
    const { rows } = await pool.query('select hub_private.revoke_login($1) as r', [c.loginId]);
    return { revoked: rows[0].r };
  });
}
