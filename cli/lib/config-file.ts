// Client configuration files: $XDG_CONFIG_HOME/podium/tools/<tool>.json (default
// ~/.config/podium/tools/<tool>.json). Directories 0700, file 0600, written atomically so a
// crash never leaves half a file; modes are repaired when an older file is looser.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError, EXIT } from './errors.ts';

export const FAMILY = 'podium';

export function configHome(env: NodeJS.ProcessEnv): string {
  return env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(env.HOME || os.homedir(), '.config');
}

export function toolConfigPath(tool: 'deckcli' | 'hackathon', env: NodeJS.ProcessEnv): string {
  return path.join(configHome(env), FAMILY, 'tools', `${tool}.json`);
}

export function readJsonFile<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (err) {
    throw new CliError(`${file} is not valid JSON (${(err as Error).message}); fix or remove it`, EXIT.environment, 'environment');
  }
}

export function writeJsonFile(file: string, data: unknown): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode does not apply to folders that already exist: tighten ours (tools/ and podium/).
  chmodSync(dir, 0o700);
  if (path.basename(path.dirname(dir)) === FAMILY) chmodSync(path.dirname(dir), 0o700);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n', { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}
