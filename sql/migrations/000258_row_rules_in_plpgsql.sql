-- The helpers that row-level security and the workspace list call on every request, in
-- PL/pgSQL instead of SQL (sql/CONVENTIONS.md rule 6, as 000253 did for the intake's helpers).
-- A SQL function with `SET search_path` is never inlined: its body is parsed and planned again
-- for every statement that calls it (once per call site and statement, not per row), and each
-- request's statements are new ones: a read of memberships plans is_member_of and
-- demo_workspace, a deck read plans deck_role, GET /api/v1/workspaces plans my_workspaces and
-- demo_workspace. PL/pgSQL keeps each plan for the session. Measured on the seventh session's
-- AMD EPYC machine (pgbench, one client, the transaction GET /api/v1/workspaces runs: begin and
-- the caller's settings, the rule, commit): 1.13-1.21 ms with these in SQL, 0.38-0.42 ms in
-- PL/pgSQL; the route was PostgreSQL-bound (ten backends at 125% of the two cores, 730-850
-- req/s). A helper called for every row of one statement gains nothing this way (its plan is
-- kept for that statement already): moving the chat list's per-row helpers measured the same
-- 28-31 ms for an organizer's GET /api/v1/event/chats of 300 teams, and was not done.
-- Same signatures, volatility, security and search_path; each body returns what its select
-- did (`return (<the select>)`: every one reads at most one row, by a primary or unique key).

create or replace function app_private.demo_workspace() RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return (select d.workspace_id from app_private.sessions s join app_private.demo_passes d on d.id = s.demo_pass_id
           where s.id = nullif(current_setting('app.session_id', true), '')::uuid);
end;
$$;

create or replace function app_private.is_member_of(ws uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return (select exists (select 1 from app.memberships m where m.workspace_id = ws and m.user_id = app.current_user_id())
    and ws = coalesce(app_private.demo_workspace(), ws));
end;
$$;

create or replace function app_private.deck_role(p_deck uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return (select case
    when d.workspace_id = app.current_workspace_id() and m.role is not null and d.owner_id = app.current_user_id() then 'owner'
    when d.workspace_id = app.current_workspace_id() and app_private.is_admin_role(m.role) then 'admin'
    when exists (select 1 from app.deck_collaborators c where c.deck_id = d.id and c.user_id = app.current_user_id())
         and (d.workspace_id = app.current_workspace_id() or app_private.demo_workspace() is null) then 'collaborator'
  end
  from app.decks d
  left join app.memberships m on m.workspace_id = d.workspace_id and m.user_id = app.current_user_id()
  where d.id = p_deck and d.deleted_at is null);
end;
$$;

create or replace function app_private.project_role_of(p_project uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return (select case
    when app_private.is_admin_role(m.role) then 'manager'
    when m.role = 'guest' then null
    else (
      select pm.role from app.project_members pm
      where pm.project_id = p.id
        and (pm.user_id = m.user_id
             or pm.team_id in (select tm.team_id from app.team_members tm where tm.user_id = m.user_id))
      order by app_private.project_role_rank(pm.role) desc limit 1)
  end
  from app.projects p
  join app.memberships m on m.workspace_id = p.workspace_id and m.user_id = app.current_user_id()
  where p.id = p_project and p.workspace_id = app.current_workspace_id());
end;
$$;

create or replace function app.my_workspaces() RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return (select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name, 'organizationId', w.organization_id,
           'role', m.role, 'isDefault', u.default_workspace_id is not distinct from w.id) order by lower(w.name)), '[]')
  from app.memberships m
  join app.workspaces w on w.id = m.workspace_id
  join app.users u on u.id = m.user_id
  where m.user_id = app.current_user_id()
    and w.id = coalesce((select app_private.demo_workspace()), w.id));
end;
$$;
