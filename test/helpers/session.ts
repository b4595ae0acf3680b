// A browser session cookie for an account, made as sign-in makes it (app_private.session_create)
// and signed with the test servers' AUTH_SECRET: for page tests whose person has no password
// or has two-factor on.
import type pg from 'pg';
import { createSession, SESSION_COOKIE, sessionSigner } from '../../api/auth/session.ts';
import { TEST_AUTH_SECRET } from './server.ts';

export async function sessionCookie(pool: pg.Pool, email: string): Promise<string> {
  const { rows } = await pool.query('select id from app.users where email = $1', [email]);
  if (!rows[0]) throw new Error(`no account ${email}`);
  const token = await createSession(pool, rows[0].id);
  return `${SESSION_COOKIE}=${encodeURIComponent(sessionSigner(TEST_AUTH_SECRET).sign(token))}`;
}
