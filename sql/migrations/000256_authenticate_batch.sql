-- The requests that arrive together, authenticated as one set (issue 30, item 5: /me).
-- api/auth/batch.ts already sends them in one statement, but that statement called
-- app_private.authenticate once per request: a PL/pgSQL call running four to six statements,
-- each started and ended by the executor, and a nested jsonb_build_object (half of its 22 us,
-- perf on the AMD EPYC machine). That cost lands on the API's own core (the backend wakes
-- where the API wrote), and it was a third of a request there: with authenticate answering a
-- stored identity (an experiment, not kept) GET /api/v1/me went from 8,800 to 14,000 req/s.
--
-- authenticate_batch answers the common case for the whole set in one join (7.5 us a request
-- measured the same way): a key that is live, or a session that is live and not a demo
-- session, no workspace or organization asked for, and a membership in the workspace the
-- credential acts in by default (the key's pinned workspace, else the user's default one).
-- That is exactly the case where authenticate reads one row of each table and answers
-- without an error; every other request (none of these rows, a demo session, --workspace or
-- --org, no membership in the default workspace) is answered by authenticate itself, so each
-- rule and message stays in one place. test/sql/identity/authenticate-batch.test.ts holds the
-- two to the same answers, case by case.

create function app_private.authenticate_batch(p_keys bytea[], p_sessions bytea[], p_workspaces uuid[], p_orgs text[])
    RETURNS TABLE(i integer, identity jsonb)
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
$$;

comment on function app_private.authenticate_batch(bytea[], bytea[], uuid[], text[]) is
  'Authenticates the requests that arrived together (the nth key hash, session hash, workspace and organization of each array are one request): answers each index with what app_private.authenticate answers for it, the plain live key or session in its default workspace as one join and every other case through authenticate.';

revoke all on function app_private.authenticate_batch(bytea[], bytea[], uuid[], text[]) from public;
