-- Authenticates the requests that arrived together (the nth key hash, session hash, workspace and
-- organization of each array are one request): answers each index with what
-- app_private.authenticate answers for it, the plain live key or session in its default workspace
-- as one join and every other case through authenticate.

CREATE OR REPLACE FUNCTION app_private.authenticate_set(p_keys bytea[], p_sessions bytea[], p_workspaces uuid[], p_orgs text[])
 RETURNS TABLE(i integer, identity json)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  at timestamptz := app.now();
begin
  return query
  with x as (
    select x.k, x.s, x.w, x.o, x.i::integer as i
      from unnest(p_keys, p_sessions, p_workspaces, p_orgs) with ordinality as x(k, s, w, o, i)
  ), plain as (
    select x.i, row_to_json(row(
      case when k.id is not null then 'api_key' else 'session' end,
      row(u.id, u.email, u.name)::app_private.identity_user,
      case when k.id is null then null else row(k.id, k.name, k.tool, k.scopes, k.workspace_id, k.expires_at)::app_private.identity_key end,
      s.id,
      null,
      row(w.id, w.name, w.organization_id, m.role)::app_private.identity_workspace,
      null)::app_private.identity) as identity
    from x
    left join app_private.api_keys k on x.k is not null and k.token_hash = x.k
      and k.revoked_at is null and (k.expires_at is null or k.expires_at > at)
    left join app_private.sessions s on x.k is null and x.s is not null and s.token_hash = x.s
      and s.expires_at > at and s.demo_pass_id is null
    join app.users u on u.id = coalesce(k.user_id, s.user_id)
    join app.workspaces w on w.id = coalesce(k.workspace_id, u.default_workspace_id)
    join app.memberships m on m.workspace_id = w.id and m.user_id = u.id
    where x.w is null and x.o is null
  )
  select p.i, p.identity from plain p
  union all
  select x.i, app_private.authenticate(x.k, x.s, x.w, x.o)::json
    from x where not exists (select 1 from plain p where p.i = x.i);
end;
$function$;

comment on function app_private.authenticate_set(p_keys bytea[], p_sessions bytea[], p_workspaces uuid[], p_orgs text[]) is 'Authenticates the requests that arrived together (the nth key hash, session hash, workspace and organization of each array are one request): answers each index with what app_private.authenticate answers for it, the plain live key or session in its default workspace as one join and every other case through authenticate.';
revoke all on function app_private.authenticate_set(p_keys bytea[], p_sessions bytea[], p_workspaces uuid[], p_orgs text[]) from public;
