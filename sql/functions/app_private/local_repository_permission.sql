-- The local code host's git route: a user's permission on a repository (maintain for the event's
-- workspace owners, admins and organizers; else the accepted invitation's, capped by what the
-- roster still grants), or null. A key pinned to another workspace gets null.

CREATE OR REPLACE FUNCTION app_private.local_repository_permission(p_full_name text, p_user uuid, p_key_workspace uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(
    case when app_private.is_admin_role(m.role) or exists (
      select 1 from app.roster_entries x join app.users u on app_private.normalize_email(u.email) = app_private.normalize_email(x.email)
       where x.event_id = e.id and u.id = p_user and x.role = 'organizer') then 'maintain' end,
    (select case when a.permission = 'maintain' and g.p = 'read' then 'read' else a.permission end
       from app_private.local_repository_access a
       join app.users u on u.id = a.user_id
       cross join lateral (select app_private.roster_repository_permission(e.id, r.name_key, u.email) as p) g
      where lower(a.full_name) = r.name_key and a.user_id = p_user and a.accepted_at is not null
        and g.p is not null))
  from app_private.local_repositories r
  join app.events e on e.id = r.event_id
  join app.memberships m on m.workspace_id = e.workspace_id and m.user_id = p_user
  where r.name_key = lower(p_full_name) and (p_key_workspace is null or p_key_workspace = e.workspace_id)
$function$;

revoke all on function app_private.local_repository_permission(p_full_name text, p_user uuid, p_key_workspace uuid) from public;
