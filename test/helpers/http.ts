// Real HTTP over loopback, with the few conveniences tests want.
export interface Res<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function http<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { key?: string; cookie?: string; body?: unknown; raw?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | Uint8Array<ArrayBuffer> | undefined = opts.raw;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  } else if (opts.raw !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(base + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/** The name=value part of a Set-Cookie header, ready for a Cookie header. */
export function cookieFrom(res: Res, name = 'podium_session'): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(name + '='));
  if (!set) throw new Error(`no ${name} cookie in the answer (status ${res.status})`);
  return set.split(';')[0];
}

export async function setClock(base: string, offsetSeconds: number): Promise<void> {
  const r = await http(base, 'PUT', '/api/v1/test/clock', { body: { offsetSeconds } });
  if (r.status !== 200) throw new Error(`clock not set: ${r.text}`);
}
