-- Superseded by app_private.authenticate_set, which answers the same as json; kept for a
-- release still running during the upgrade, to be dropped in a later release.

CREATE OR REPLACE FUNCTION app_private.authenticate_batch(p_keys bytea[], p_sessions bytea[], p_workspaces uuid[], p_orgs text[])
 RETURNS TABLE(i integer, identity jsonb)
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
    select x.i, jsonb_build_object(
      'via', case when k.id is not null then 'api_key' else 'session' end,
      'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name),
      'key', case when k.id is null then null else jsonb_build_object(
        'id', k.id, 'name', k.name, 'tool', k.tool, 'scopes', to_jsonb(k.scopes),
        'workspaceId', k.workspace_id, 'expiresAt', k.expires_at) end,
      'sessionId', s.id,
      'demoPassId', null,
      'workspace', jsonb_build_object('id', w.id, 'name', w.name, 'organizationId', w.organization_id, 'role', m.role),
      'workspaceError', null) as identity
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
  select x.i, app_private.authenticate(x.k, x.s, x.w, x.o)
    from x where not exists (select 1 from plain p where p.i = x.i);
end;
$function$;

comment on function app_private.authenticate_batch(p_keys bytea[], p_sessions bytea[], p_workspaces uuid[], p_orgs text[]) is 'Superseded by app_private.authenticate_set, which answers the same as json; kept for API replicas of the previous release still running during an upgrade, to be dropped in a later release.';
revoke all on function app_private.authenticate_batch(p_keys bytea[], p_sessions bytea[], p_workspaces uuid[], p_orgs text[]) from public;
