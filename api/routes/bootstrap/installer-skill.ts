// The installer skill bundle (api/installer-skill/): read once at boot, served as bytes,
// announced by the bootstrap record with its version and the sha256 of exactly those bytes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SKILL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../installer-skill');

export interface InstallerSkill {
  name: string;
  version: string;
  sha256: string;
  bytes: Buffer;
}

export function loadInstallerSkill(dir = SKILL_DIR): InstallerSkill {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { name: string; version: string; file: string };
  const bytes = readFileSync(path.join(dir, manifest.file));
  return { name: manifest.name, version: manifest.version, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
}
