// Publishing a deck over the real wire contract (precheck, upload, commit), for deck tests.
import { createHash } from 'node:crypto';
import { http, type Res } from './http.ts';

export type DeckFiles = Record<string, string | Buffer>;

export function sha(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

export function manifestOf(files: DeckFiles) {
  return Object.entries(files).map(([path, c]) => ({ path, sha256: sha(c), size: Buffer.byteLength(c) }));
}

export async function upload(base: string, key: string, content: string | Buffer, opts: { sha?: string; headers?: Record<string, string> } = {}): Promise<Res> {
  const res = await fetch(`${base}/api/v1/blobs/${opts.sha ?? sha(content)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream', ...opts.headers },
    body: new Uint8Array(typeof content === 'string' ? Buffer.from(content) : content),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, text };
}

export interface Published {
  status: number;
  body: any;
  missing: string[];
  requests: number;
}

/** Precheck, upload what the server lacks, commit. `deck` + `baseVersion` push a new version. */
export async function publish(
  base: string,
  key: string,
  files: DeckFiles,
  opts: { deck?: string; baseVersion?: number; title?: string; entry?: string; kind?: string; interactive?: boolean; metadata?: object; headers?: Record<string, string> } = {},
): Promise<Published> {
  const manifest = manifestOf(files);
  const pre = await http(base, 'POST', '/api/v1/blobs/precheck', { key, body: { files: manifest.map(({ sha256, size }) => ({ sha256, size })) } });
  if (pre.status !== 200) return { status: pre.status, body: pre.body, missing: [], requests: 1 };
  let requests = 1;
  const bySha = new Map(Object.values(files).map((c) => [sha(c), c]));
  for (const s of pre.body.missing as string[]) {
    const up = await upload(base, key, bySha.get(s)!);
    requests++;
    if (up.status !== 201) throw new Error(`upload ${s} answered ${up.status}: ${up.text}`);
  }
  const body: Record<string, unknown> = { entry: opts.entry ?? 'index.html', files: manifest };
  for (const k of ['title', 'kind', 'interactive', 'metadata', 'baseVersion'] as const) if (opts[k] !== undefined) body[k] = opts[k];
  if (!opts.deck && body.title === undefined) body.title = 'Test deck';
  const path = opts.deck ? `/api/v1/presentations/${opts.deck}/versions` : '/api/v1/presentations';
  const c = await http(base, 'POST', path, { key, body, headers: opts.headers });
  return { status: c.status, body: c.body, missing: pre.body.missing, requests: requests + 1 };
}
