-- The caller's event context without refusing: user, workspace, the workspace's event, and the
-- caller's role (workspace owners and admins are organizers; others take their roster role and team
-- by email). Fields stay null where there is no event, user, membership or roster entry.

CREATE OR REPLACE FUNCTION app_private.event_ctx_or_null()
 RETURNS app_private.event_ctx
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  ws_role app.workspace_role;
  user_email text;
  roster_role text;
begin
  ctx.user_id := app.current_user_id();
  ctx.workspace_id := app.current_workspace_id();
  select e.id into ctx.event_id from app.events e where e.workspace_id = ctx.workspace_id;
  if ctx.event_id is null or ctx.user_id is null then
    return ctx;
  end if;
  select m.role into ws_role from app.memberships m where m.workspace_id = ctx.workspace_id and m.user_id = ctx.user_id;
  if ws_role is null then
    return ctx;
  end if;
  select u.email into user_email from app.users u where u.id = ctx.user_id;
  select r.role, r.team_id into roster_role, ctx.team_id
    from app.roster_entries r where r.event_id = ctx.event_id and app_private.normalize_email(r.email) = app_private.normalize_email(user_email);
  ctx.role := case when app_private.is_admin_role(ws_role) then 'organizer' else roster_role end;
  return ctx;
end;
$function$;

revoke all on function app_private.event_ctx_or_null() from public;
grant execute on function app_private.event_ctx_or_null() to podium_app;
