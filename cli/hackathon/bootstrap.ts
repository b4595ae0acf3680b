// The bootstrap record (`GET /bootstrap`) as connect, setup and doctor read it, and the
// default clone directory it implies (~/podium/hackathon/<setup.directoryName>), and the
// profile both connect and setup save.
import path from 'node:path';
import type { Context, Credential } from './context.ts';

export interface Access {
  standing: 'no_username' | 'none' | 'invited' | 'member' | 'unknown';
  canPush: boolean;
  invitationUrl: string | null;
  fix: string | null;
}

export interface RepositoryAssignment {
  fullName: string;
  cloneUrl: string;
  branch: string;
  readiness: string;
  access: Access;
}

export interface Installer {
  name: string;
  version: string;
  sha256: string;
  url: string;
}

export interface BootstrapRecord {
  person: { id: string; email: string; name: string | null };
  role: 'participant' | 'organizer' | 'jury' | 'advisor';
  team: { id: string; name: string } | null;
  githubLogin: string | null;
  event: { id: string; name: string; phase: string };
  repository: RepositoryAssignment | null;
  installer: Installer;
  dashboardUrl: string;
  setup: { directoryName: string | null };
}

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
