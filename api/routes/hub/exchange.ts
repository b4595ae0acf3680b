// The exchange: a client presents its hub login and names one instance and one tool; the hub
// answers a token it signs (audience = that instance, 90 seconds of life) and a one-time
// offline grant, both relayed once to the instance. The instance then redeems the grant here,
// proving itself with its HUB_INSTANCE_SECRET, exactly once.
//   GET  /hub/v1/keys           public: the published signing keys (JWKS)
//   POST /hub/v1/exchange       (hub login) { instance, tool } -> { token, grant, expiresAt, ... }
//   POST /hub/v1/grants/redeem  (instance secret) { grant, jti } -> the account and its organizations there
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256 } from '../../../core/crypto.ts';
import type { HubSigner } from '../../../core/hub/signer.ts';
import { signToken } from '../../../core/hub/token.ts';
import type { HubExchanged, HubKeySet, HubRedemption } from '../../../core/wire/hub.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { bearerOf, HUB_GRANT, HUB_LOGIN } from './shared.ts';

/** Token and grant life: long enough for a client to relay them, short enough to be useless later. */
export const EXCHANGE_LIFETIME_SECONDS = 90;

export function registerHubExchangeRoutes(app: FastifyInstance, { config, pool }: ApiDeps, signer: HubSigner): void {
  const open = { config: { auth: 'none' as const } };

  app.get('/hub/v1/keys', open, async (_req, reply): Promise<HubKeySet> => {
    reply.header('cache-control', 'public, max-age=60');
    const { rows } = await pool.query('select hub_private.published_keys() as keys');
    return { keys: rows[0].keys };
  });

  app.post<{ Body: { instance: string; tool: 'deck' | 'hackathon' } }>(
    '/hub/v1/exchange',
    {
      ...open,
      schema: {
        body: {
          type: 'object',
          required: ['instance', 'tool'],
          additionalProperties: false,
          properties: { instance: { type: 'string', minLength: 1, maxLength: 500 }, tool: { type: 'string', enum: ['deck', 'hackathon'] } },
        },
      },
    },
    async (req): Promise<HubExchanged> => {
      const login = bearerOf(req);
      if (!login || !HUB_LOGIN.test(login)) throw new AppError('unauthorized', 'Present your hub login: Authorization: Bearer hl_...');
      const grant = 'hg_' + randomToken(32);
      const jti = randomUUID();
      const instance = req.body.instance.replace(/\/+$/, '');
      const { rows } = await pool.query('select hub_private.exchange($1, $2, $3, $4, $5, $6) as r', [
        sha256(login), instance, req.body.tool, sha256(grant), jti, EXCHANGE_LIFETIME_SECONDS,
      ]);
      const r = rows[0].r as { account: HubExchanged['account']; instance: { url: string; name: string }; iat: number; exp: number; key: { kid: string; privateSealed: string } | null };
      if (!r.key) throw new AppError('internal', 'The hub has no signing key', {}, 500);
      const token = await signToken(signer.keyObject(r.key.kid, r.key.privateSealed), r.key.kid, {
        iss: config.publicUrl, sub: r.account.id, aud: r.instance.url, iat: r.iat, exp: r.exp, jti, tool: req.body.tool, email: r.account.email,
      });
      return { token, grant, expiresAt: new Date(r.exp * 1000).toISOString(), account: r.account, instance: { url: r.instance.url, name: r.instance.name } };
    },
  );

  app.post<{ Body: { grant: string; jti: string } }>(
    '/hub/v1/grants/redeem',
    {
      ...open,
      schema: {
        body: {
          type: 'object',
          required: ['grant', 'jti'],
          additionalProperties: false,
          properties: { grant: { type: 'string', minLength: 1, maxLength: 100 }, jti: { type: 'string', format: 'uuid' } },
        },
      },
    },
    async (req): Promise<HubRedemption> => {
      const secret = bearerOf(req);
      if (!secret || secret.length < 32 || secret.length > 200) throw new AppError('unauthorized', 'Present this instance\'s HUB_INSTANCE_SECRET');
      if (!HUB_GRANT.test(req.body.grant)) throw new AppError('hub_grant_invalid', 'That is not a grant this hub issues');
      const { rows } = await pool.query('select hub_private.redeem_grant($1, $2, $3) as r', [sha256(secret), sha256(req.body.grant), req.body.jti]);
      return rows[0].r;
    },
  );
}
