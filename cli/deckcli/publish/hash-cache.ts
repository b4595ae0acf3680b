// A stat cache of file hashes, as git keeps one: (path, size, mtime, inode) -> sha256, per
// deck folder, in $XDG_CACHE_HOME/podium/deckcli/hashes/. An unchanged file is not read
// again. A "racily clean" entry (the file changed within the second before the cache was
// written, so an edit could share its mtime) is never trusted: it is hashed again.
// The server still checks every uploaded blob against its sha256.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashAll, type LocalFile } from './files.ts';

const RACY_MS = 1_000;

interface CacheFile {
  writtenAt: number;
  entries: Record<string, [size: number, mtimeMs: number, ino: number, sha256: string]>;
}

export function cacheFileFor(root: string, env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(env.HOME || os.homedir(), '.cache');
  return path.join(base, 'podium', 'deckcli', 'hashes', createHash('sha256').update(root).digest('hex').slice(0, 32) + '.json');
}

function load(file: string): CacheFile | null {
  try {
    const c = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
    return typeof c.writtenAt === 'number' && c.entries && typeof c.entries === 'object' ? c : null;
  } catch {
    return null; // no cache, or an unreadable one: hash everything
  }
}

/** Hashes of every file: from the cache where it can be trusted, else read from disk. */
export async function hashWithCache(root: string, files: LocalFile[], env: NodeJS.ProcessEnv): Promise<{ hashes: Map<string, string>; hashed: number }> {
  const file = cacheFileFor(root, env);
  const cache = load(file);
  const hashes = new Map<string, string>();
  const todo: LocalFile[] = [];
  for (const f of files) {
    const e = cache?.entries[f.path];
    if (e && cache && e[0] === f.size && e[1] === f.mtimeMs && e[2] === f.ino && f.mtimeMs < cache.writtenAt - RACY_MS) hashes.set(f.path, e[3]);
    else todo.push(f);
  }
  const fresh = await hashAll(todo, 16);
  const next: CacheFile = { writtenAt: Date.now(), entries: {} };
  const ordered = new Map<string, string>(); // in file order, whatever finished first
  for (const f of files) {
    const sha = hashes.get(f.path) ?? fresh.get(f.path)!;
    ordered.set(f.path, sha);
    next.entries[f.path] = [f.size, f.mtimeMs, f.ino, sha];
  }
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(next), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    /* a cache that cannot be written only costs time next run */
  }
  return { hashes: ordered, hashed: todo.length };
}
