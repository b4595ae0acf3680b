// The code host driver chosen by CODE_HOST (see docs/OPERATIONS.md).
import type pg from 'pg';
import type { Config } from '../config.ts';
import { GithubCodeHost } from './github.ts';
import { LocalCodeHost } from './local.ts';
import type { CodeHost } from './types.ts';

export function createCodeHost(config: Config, pool: pg.Pool): CodeHost {
  if (config.codeHost === 'github') return new GithubCodeHost(config.github!);
  return new LocalCodeHost(config.dataDir, pool);
}

export type { CodeHost } from './types.ts';
export { LocalCodeHost } from './local.ts';
