-- Refuses owner_or_admin_required unless the caller is an owner or admin of the current workspace;
-- p_what ends the message ("Only an owner or admin <p_what>").

CREATE OR REPLACE FUNCTION app_private.require_owner_or_admin(p_what text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if app_private.is_workspace_admin(app.current_workspace_id(), app.current_user_id()) is not true then
    perform app_private.fail('owner_or_admin_required', format('Only an owner or admin %s', p_what));
  end if;
end;
$function$;

revoke all on function app_private.require_owner_or_admin(p_what text) from public;
