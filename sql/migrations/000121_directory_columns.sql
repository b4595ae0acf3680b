-- The member directory says what it should (issue 26, finding 5). GraphQL's allUsers is a
-- plain SELECT of app.users under users_select (000001): any key of a workspace read every
-- member's two-factor state and default workspace, and a person in two workspaces showed one
-- workspace's id to the other. Others see name and email (the roster, invitations and
-- organizers match people by email); two-factor state and the default workspace are the
-- person's own, and two-factor state is also the owners' (they keep the workspace's
-- accounts safe). Column privileges say it, so PostGraphile builds no such field and a
-- plain SELECT is refused:
revoke select on app.users from podium_app;
grant select (id, email, name, created_at, erased_at) on app.users to podium_app;

-- app.my_workspaces read the caller's own default_workspace_id as the invoker; it now runs as
-- its owner and reads the caller's rows only (latest definition: 000002 + the demo clause).
create or replace function app.my_workspaces() returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name, 'organizationId', w.organization_id,
           'role', m.role, 'isDefault', u.default_workspace_id is not distinct from w.id) order by lower(w.name)), '[]')
  from app.memberships m
  join app.workspaces w on w.id = m.workspace_id
  join app.users u on u.id = m.user_id
  where m.user_id = app.current_user_id()
    and w.id = coalesce((select app_private.demo_workspace()), w.id)
$$;

-- The two-factor state the caller may read: an owner of the workspace acted in, every member
-- of it; anyone else, their own.
create function app.member_two_factor() returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('userId', u.id, 'email', u.email, 'name', u.name,
           'twoFactorEnabled', u.two_factor_enabled) order by lower(u.email)), '[]')
  from app.users u
  where u.id = app.current_user_id()
     or (app.current_workspace_role() = 'owner'
         and exists (select 1 from app.memberships me
                  where me.workspace_id = app.current_workspace_id() and me.user_id = app.current_user_id() and me.role = 'owner')
         and app_private.is_member_of(app.current_workspace_id()) is true
         and exists (select 1 from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = u.id))
$$;
comment on function app.member_two_factor() is 'Two-factor state: an owner sees every member of the workspace; anyone else only themselves.';
grant execute on function app.member_two_factor() to podium_app;

-- PostGraphile builds fields from the table, not from the grants: these two are not built
-- (no field, no condition, no ordering), so asking for them is a GraphQL validation error.
comment on column app.users.two_factor_enabled is E'@behavior -*\nWhether the account signs in with a second factor (the person''s own; owners read it through memberTwoFactor).';
comment on column app.users.default_workspace_id is E'@behavior -*\nThe workspace an unpinned credential acts in (the person''s own; myWorkspaces says isDefault).';
