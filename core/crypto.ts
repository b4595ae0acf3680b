// Secrets are handed out once and stored only as hashes; anything that must be read
// back (a code in a mail job, a TOTP secret) is sealed with AUTH_SECRET, never plain.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string | Buffer): Buffer {
  return createHash('sha256').update(value).digest();
}

export function hmac(secret: string, value: string): Buffer {
  return createHmac('sha256', secret).update(value).digest();
}

export function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function sealKey(secret: string): Buffer {
  return createHash('sha256').update('podium-seal:').update(secret).digest();
}

/** AES-256-GCM with a key derived from AUTH_SECRET; output is base64url(iv|tag|ciphertext). */
export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unseal(secret: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export const NUMERIC_CODE_RANGE = 1_000_000;
export const numericCodeDraw: (max: number) => number = randomInt;

/** Six decimal digits, uniformly drawn: `crypto.randomInt` rejects the draws that would bias
 *  a remainder (a 32-bit draw modulo a million favoured the first 967,296 codes). `draw` is
 *  randomInt itself, a parameter only so a test can see the range it is asked for. */
export function numericCode(draw = numericCodeDraw): string {
  return draw(NUMERIC_CODE_RANGE).toString().padStart(6, '0');
}
