// What the hub's routes share: the presented hub login (Authorization: Bearer hl_...) resolved
// to its account, and reads as that account under row-level security (role podium_hub).
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { sha256 } from '../../../core/crypto.ts';
import { AppError } from '../../errors.ts';

export const HUB_LOGIN = /^hl_[A-Za-z0-9_-]{43}$/;
export const HUB_GRANT = /^hg_[A-Za-z0-9_-]{43}$/;

export interface HubCaller {
  loginId: string;
  account: { id: string; email: string; name: string | null };
}

export function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  return h && h.startsWith('Bearer ') ? h.slice(7).trim() : null;
}

/** The account of the presented hub login; 401 for none, a malformed, unknown or revoked one. */
export async function hubCaller(req: FastifyRequest, pool: pg.Pool): Promise<HubCaller> {
  const token = bearerOf(req);
  if (!token) throw new AppError('unauthorized', 'Present your hub login: Authorization: Bearer hl_...');
  if (!HUB_LOGIN.test(token)) throw new AppError('unauthorized', 'That is not a hub login');
  const { rows } = await pool.query('select hub_private.authenticate_login($1) as c', [sha256(token)]);
  const c = rows[0].c as HubCaller | null;
  if (!c) throw new AppError('unauthorized', 'The hub does not know this hub login (signed out or revoked): sign in again');
  return c;
}

/** One transaction as the account (role podium_hub, hub.account_id set), so RLS decides what it reads. */
export async function asAccount<T>(pool: pg.Pool, accountId: string, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('role', 'podium_hub', true), set_config('hub.account_id', $1, true)`, [accountId]);
    const r = await fn(client);
    await client.query('commit');
    return r;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
