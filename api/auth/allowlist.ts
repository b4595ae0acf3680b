// Fail-closed allowlist of what a machine key may call: `METHOD /route/pattern` -> the
// scopes of which the key needs at least one ('*' = any scope of any tool). A route not
// listed here refuses every key, whatever its scopes.
export const KEY_ALLOWLIST: Record<string, readonly string[]> = {
  'GET /api/v1/me': ['*'],
  'DELETE /cli/auth/key': ['presentations:write', 'hackathon:write'],
  'POST /graphql': ['*'],
  'GET /api/v1/workspaces': ['*'],
  'PUT /api/v1/me/default-workspace': ['presentations:write', 'hackathon:write'],
  // deck service
  // hackathon event service
};

export function keyRouteScopes(method: string, routeUrl: string): readonly string[] | null {
  return KEY_ALLOWLIST[`${method} ${routeUrl}`] ?? null;
}
