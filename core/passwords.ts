// Passwords (accounts, share links) are hashed by the server only, with the server's argon2id
// parameters only: they are set here and nowhere else. A hash is never taken from a caller
// (one chosen with a huge work factor made each share-link password attempt cost seconds of
// a server thread), and a share-link hash whose parameters are not these is never verified.
import argon2 from 'argon2';

/** argon2id, 64 MiB, 3 passes, 4 lanes (the library's defaults, pinned so they cannot drift). */
export const ARGON2_PARAMS = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, ARGON2_PARAMS);
}

/**
 * Whether `plain` matches `hash`. A hash that is not argon2id with exactly the server's
 * parameters answers false without being computed: its cost is not ours to pay.
 */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  if (!hash.startsWith('$argon2id$')) return false;
  try {
    if (argon2.needsRehash(hash, ARGON2_PARAMS)) return false;
  } catch {
    return false; // not a hash argon2 can read
  }
  return argon2.verify(hash, plain).catch(() => false);
}
