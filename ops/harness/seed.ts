// Test data made through the same SQL functions the operator CLI calls; nothing else.
import argon2 from 'argon2';
import type pg from 'pg';
import { mintKey, type Tool } from '../../core/keys.ts';

export async function workspace(pool: pg.Pool, name: string, organizationId: string | null = null): Promise<{ id: string; name: string }> {
  const { rows } = await pool.query('select app_private.create_workspace($1, $2) as r', [name, organizationId]);
  return rows[0].r;
}

export async function member(pool: pg.Pool, ws: string, email: string, role = 'member', name: string | null = null): Promise<{ userId: string; workspaceId: string }> {
  const { rows } = await pool.query('select app_private.add_member($1, $2, $3, $4) as r', [ws, email, role, name]);
  return rows[0].r;
}

export async function password(pool: pg.Pool, userId: string, plain: string): Promise<void> {
  await pool.query(
    `insert into app_private.user_secrets (user_id, password_hash) values ($1, $2)
     on conflict (user_id) do update set password_hash = excluded.password_hash`,
    [userId, await argon2.hash(plain, { type: argon2.argon2id })],
  );
}

export interface KeyOptions {
  scopes?: string[];
  workspaceId?: string | null;
  expiresInDays?: number | null;
  name?: string;
}

export async function key(pool: pg.Pool, email: string, tool: Tool, opts: KeyOptions = {}): Promise<{ key: string; id: string }> {
  const { key, hash } = mintKey(tool);
  const { rows } = await pool.query(
    `select app_private.create_api_key((select id from app.users where lower(email) = lower($1)), $2, $3, $4, $5, $6, $7, 'operator') as r`,
    [email, hash, tool, opts.name ?? 'test key', opts.scopes ?? null, opts.workspaceId ?? null, opts.expiresInDays ?? null],
  );
  return { key, id: rows[0].r.id };
}

/** A workspace with an owner (and their deck and hackathon keys): the usual starting point. */
export async function basicWorkspace(pool: pg.Pool, name = 'Acme', ownerEmail = 'owner@acme.test') {
  const ws = await workspace(pool, name);
  const owner = await member(pool, ws.id, ownerEmail, 'owner', 'Olive Owner');
  const deckKey = await key(pool, ownerEmail, 'deck');
  const hackKey = await key(pool, ownerEmail, 'hackathon');
  return { ws, owner, deckKey, hackKey };
}
