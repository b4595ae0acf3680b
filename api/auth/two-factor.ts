// The TOTP step of a two-factor sign-in, shared by POST /api/v1/auth/session and the /signin
// page: the code is checked against the sealed secret at the SQL clock, then the time step it
// matched is spent in SQL (app_private.spend_totp_step), so a code signs in once; a replayed
// or overlooked code inside its window is refused, as is any earlier step.
import type pg from 'pg';
import { unseal } from '../../core/crypto.ts';
import { totpStep } from '../../core/totp.ts';

export type TotpVerdict = { ok: true } | { ok: false; message: string };

export async function spendTotpCode(pool: pg.Pool, authSecret: string, account: { userId: string; totpSealed: string | null }, code: string): Promise<TotpVerdict> {
  const secret = account.totpSealed ? unseal(authSecret, account.totpSealed) : null;
  const now = (await pool.query('select extract(epoch from app.now())::float8 as now')).rows[0].now as number;
  const step = secret ? totpStep(secret, code, now) : null;
  if (step === null) return { ok: false, message: 'Wrong two-factor code' };
  const spent = (await pool.query('select app_private.spend_totp_step($1, $2) as ok', [account.userId, step])).rows[0].ok as boolean;
  return spent ? { ok: true } : { ok: false, message: 'This two-factor code was already used; wait for the next one' };
}
