-- Whether the caller is a member of the workspace; a demo session is a member of its pass's
-- workspace only.

CREATE OR REPLACE FUNCTION app_private.is_member_of(ws uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return (select exists (select 1 from app.memberships m where m.workspace_id = ws and m.user_id = app.current_user_id())
    and ws = coalesce(app_private.demo_workspace(), ws));
end;
$function$;

revoke all on function app_private.is_member_of(ws uuid) from public;
grant execute on function app_private.is_member_of(ws uuid) to podium_app;
