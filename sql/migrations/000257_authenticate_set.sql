-- app_private.authenticate_set: authenticate_batch (000256) with the plain case's identity built
-- by row_to_json over composite types instead of nested jsonb_build_object (issue 30, item 5:
-- /me). jsonb_build_object takes its arguments as "any": it works out the type and output
-- function of each of its twenty arguments on every row, then builds a jsonb tree that is
-- turned back into text to go out. On the AMD EPYC machine (pgbench -M prepared, one client, a
-- batch of 15 live keys) the statement's join alone took 244 us, with the jsonb identities
-- 720 us and with row_to_json over these types 470 us: about 17 us of PostgreSQL's CPU less
-- per authenticated request.
--
-- The answer's type is json (the text PostgreSQL sends either way; the API parses it as it
-- parsed jsonb). The keys and values are the same, so are the timestamps' text (both encoders
-- write ISO 8601); only the key order follows the identity's shape instead of jsonb's sorted
-- order. Every other case still goes through app_private.authenticate, unchanged, its answer
-- passed on as json. test/sql/authenticate-set.test.ts holds both set functions to
-- authenticate's answers.
--
-- A new function beside the old one, not a replacement: a release still running during the
-- upgrade holds authenticate_batch as a prepared statement on its connections, and a changed
-- result type would fail each of them ("cached plan must not change result type") until they
-- closed. authenticate_batch goes in a later release's migration (docs/OPERATIONS.md,
-- "Upgrading under load").

create type app_private.identity_user as (id uuid, email text, name text);
create type app_private.identity_key as (id uuid, name text, tool text, scopes text[], "workspaceId" uuid, "expiresAt" timestamptz);
create type app_private.identity_workspace as (id uuid, name text, "organizationId" text, role app.workspace_role);
create type app_private.identity as (
  via text, "user" app_private.identity_user, key app_private.identity_key, "sessionId" uuid,
  "demoPassId" uuid, workspace app_private.identity_workspace, "workspaceError" json
);

create function app_private.authenticate_set(p_keys bytea[], p_sessions bytea[], p_workspaces uuid[], p_orgs text[])
    RETURNS TABLE(i integer, identity json)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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
$$;

comment on function app_private.authenticate_set(bytea[], bytea[], uuid[], text[]) is
  'Authenticates the requests that arrived together (the nth key hash, session hash, workspace and organization of each array are one request): answers each index with what app_private.authenticate answers for it, the plain live key or session in its default workspace as one join and every other case through authenticate.';

revoke all on function app_private.authenticate_set(bytea[], bytea[], uuid[], text[]) from public;

comment on function app_private.authenticate_batch(bytea[], bytea[], uuid[], text[]) is
  'Superseded by app_private.authenticate_set (000257), which answers the same as json; kept for a release still running during the upgrade, to be dropped in a later release.';
