// RFC 6238 TOTP (SHA-1, 30 s, 6 digits), one step of drift either way, by `otpauth` (its
// RFC 4648 base32 and HOTP truncation; a constant-time compare of the code). A code is good
// once: sign-in spends the time step it matched (app_private.spend_totp_step).
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

function totp(secretBase32: string): TOTP {
  // Authenticator apps show secrets in groups; the stored ones may carry any whitespace.
  return new TOTP({ secret: Secret.fromBase32(secretBase32.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: PERIOD });
}

export function totpAt(secretBase32: string, unixSeconds: number): string {
  return totp(secretBase32).generate({ timestamp: unixSeconds * 1000 });
}

/** The time step (unix seconds / 30) whose code this is, within one step either way, or null. */
export function totpStep(secretBase32: string, code: string, unixSeconds: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = unixSeconds * 1000;
  const delta = totp(secretBase32).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp }) + delta;
}
