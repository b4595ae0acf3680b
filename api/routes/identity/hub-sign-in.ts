// The instance side of the hub exchange (cloud instances, HUB_URL set; the route does not
// exist elsewhere, so a self-hosted instance never takes the hub branch):
//   POST /api/v1/cli/auth/hub  { token, grant, keyName?, expiresInDays? } -> an ordinary key, once
// The client relays the hub's token and one-time grant here once and never stores them. The
// token's signature is checked against the hub's published keys, its issuer (HUB_URL) and
// audience (this instance's PUBLIC_URL) here, its times at the SQL clock; then the grant is
// redeemed with the hub (exactly once, for this token) and SQL maps the hub account to its
// person and mints the key (app_private.hub_sign_in).
import type { FastifyInstance } from 'fastify';
import { HubError, HubKeys, redeemGrant, verifyHubToken } from '../../../core/hub/instance.ts';
import { KEY_PREFIX, mintKey } from '../../../core/keys.ts';
import type { SignInKeyMinted } from '../../../core/wire/identity.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';

export function registerHubSignInRoute(app: FastifyInstance, { config, pool }: ApiDeps, keys = config.hubUrl ? new HubKeys(config.hubUrl) : null): HubKeys | null {
  if (!config.hubUrl || !config.hubInstanceSecret || !keys) return null;
  const hubUrl = config.hubUrl;
  const secret = config.hubInstanceSecret;
  const hubError = (err: unknown) => (err instanceof HubError ? new AppError(err.code, err.message) : err);

  app.post<{ Body: { token: string; grant: string; keyName?: string; expiresInDays?: number } }>(
    '/api/v1/cli/auth/hub',
    {
      config: { auth: 'none' },
      schema: {
        body: {
          type: 'object',
          required: ['token', 'grant'],
          additionalProperties: false,
          properties: {
            token: { type: 'string', minLength: 1, maxLength: 4096 },
            grant: { type: 'string', pattern: '^hg_[A-Za-z0-9_-]{43}$' },
            keyName: { type: 'string', minLength: 1, maxLength: 100 },
            expiresInDays: { type: 'integer', minimum: 1, maximum: 3650 },
          },
        },
      },
    },
    async (req, reply): Promise<SignInKeyMinted> => {
      const { token, grant, keyName, expiresInDays } = req.body;
      const claims = await verifyHubToken(keys, token, config.publicUrl).catch((err) => Promise.reject(hubError(err)));
      const fresh = (await pool.query('select app_private.hub_token_fresh($1, $2) as ok', [claims.iat, claims.exp])).rows[0].ok as boolean;
      if (!fresh) throw new AppError('hub_token_invalid', 'The hub token has expired (it lives 90 seconds): exchange the hub login again');
      const r = await redeemGrant(hubUrl, secret, grant, claims.jti).catch((err) => Promise.reject(hubError(err)));
      if (r.jti !== claims.jti || r.account?.id !== claims.sub || r.tool !== claims.tool) {
        throw new AppError('hub_grant_invalid', 'The hub redeemed a grant that does not belong to this token');
      }
      const { key, hash } = mintKey(claims.tool);
      const { rows } = await pool.query('select app_private.hub_sign_in($1, $2, $3, $4, $5, $6, $7) as r', [
        r.account, JSON.stringify(r.organizations), r.defaultOrganizationId, claims.tool, hash, keyName ?? `${claims.tool === 'deck' ? 'deckcli' : 'hackathon'} hub sign-in`, expiresInDays ?? null,
      ]);
      reply.status(201);
      return { ...rows[0].r.key, key, prefix: KEY_PREFIX[claims.tool], user: rows[0].r.user };
    },
  );
  return keys;
}
