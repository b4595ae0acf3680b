// The bootstrap record (`GET /bootstrap`, typed in core/wire/bootstrap.ts) as connect, setup
// and doctor read it: the default clone directory it implies
// (~/podium/hackathon/<setup.directoryName>), and the profile both connect and setup save.
import path from 'node:path';
import type { BootstrapRecord } from '../../core/wire/bootstrap.ts';
import type { Context, Credential } from './context.ts';

export type { Access, BootstrapRecord, Installer, RepositoryAssignment } from '../../core/wire/bootstrap.ts';
export { hostUsername } from '../../core/wire/bootstrap.ts';

export const ROLE_NAMES = { organizer: 'an organizer', jury: 'a jury viewer', advisor: 'an advisor', participant: 'a participant' } as const;

export function defaultDirectory(env: NodeJS.ProcessEnv, record: BootstrapRecord): string | null {
  const dir = record.setup.directoryName;
  return dir ? path.join(env.HOME ?? env.USERPROFILE ?? '', 'podium', 'hackathon', dir) : null;
}

/**
 * Saves the instance on its profile (with the key when it came on the command line, so a
 * later git credential request and later commands find it) and makes the profile active.
 */
export function rememberInstance(ctx: Context, key: Credential | null): string {
  const { name, url } = ctx.profile();
  const prior = ctx.store.get(name) ?? {};
  const carried = key && (key.source === '--api-key' || key.source === '--api-key-stdin') ? { apiKey: key.key } : {};
  ctx.store.put(name, { ...prior, baseUrl: url, ...carried });
  ctx.store.setActive(name);
  ctx.store.save();
  return name;
}
