// Setup step 3: the installer skill, downloaded whole into memory and checked against the
// sha256 the bootstrap record announced before anything reads or writes it. A mismatch
// installs nothing (exit 4).
import { createHash } from 'node:crypto';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Installer } from '../bootstrap.ts';

const MAX_BYTES = 1024 * 1024; // the bundle is a few kilobytes; anything near this is not it

export interface VerifiedSkill extends Installer {
  bytes: Buffer;
}

export async function downloadInstaller(installer: Installer, userAgent: string): Promise<VerifiedSkill> {
  let res: Response;
  try {
    res = await fetch(installer.url, { headers: { 'user-agent': userAgent }, signal: AbortSignal.timeout(60_000) });
  } catch (err) {
    throw new CliError(`could not download the installer skill from ${installer.url}: ${(err as Error).message}`, EXIT.environment, 'installer_unavailable');
  }
  if (!res.ok || !res.body) {
    throw new CliError(`could not download the installer skill from ${installer.url}: HTTP ${res.status}`, EXIT.environment, 'installer_unavailable');
  }
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_BYTES) throw new CliError(`the installer skill at ${installer.url} is larger than 1 MiB: refused, nothing installed`, EXIT.environment, 'installer_digest_mismatch');
    hash.update(chunk);
    chunks.push(Buffer.from(chunk));
  }
  const got = hash.digest('hex');
  if (got !== installer.sha256.toLowerCase()) {
    throw new CliError(
      `the installer skill downloaded from ${installer.url} has sha256 ${got.slice(0, 12)}, but the instance announced ${installer.sha256.slice(0, 12)}: nothing was installed`,
      EXIT.environment, 'installer_digest_mismatch');
  }
  return { ...installer, bytes: Buffer.concat(chunks) };
}
