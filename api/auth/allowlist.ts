// Fail-closed allowlist of what a machine key may call: `METHOD /route/pattern` -> the
// scopes of which the key needs at least one ('*' = any scope of any tool). Each route declares
// its own in its config (`config: { keyScopes: [...] }`, typed in api/auth/caller.ts); the
// server builds this table from the registered routes when it is ready (api/server.ts). A
// route that declares none refuses every key, whatever its scopes.
const table: Record<string, readonly string[]> = Object.create(null);
export const KEY_ALLOWLIST: Readonly<Record<string, readonly string[]>> = table;

/**
 * Records one registered route's key scopes. The table is the process's (every server built
 * in it registers the same code), so one route pattern declaring two different lists is a
 * mistake and throws, as does an empty list (say nothing to refuse keys).
 */
export function recordKeyScopes(method: string, url: string, scopes: readonly string[]): void {
  const entry = `${method} ${url}`;
  if (scopes.length === 0) throw new Error(`${entry} declares an empty keyScopes: leave it out to refuse keys`);
  const prev = table[entry];
  if (prev && prev.join(' ') !== scopes.join(' ')) throw new Error(`${entry} declares key scopes ${scopes.join(', ')} but was recorded with ${prev.join(', ')}`);
  table[entry] = Object.freeze([...scopes]);
}

/** A HEAD is its GET without the body (RFC 9110 9.3.2): a key may HEAD whatever it may GET, with the same scopes. */
export function keyRouteScopes(method: string, routeUrl: string): readonly string[] | null {
  return KEY_ALLOWLIST[`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`] ?? null;
}
