-- The workspace the calling demo session acts in, or null for any other caller.

CREATE OR REPLACE FUNCTION app_private.demo_workspace()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return (select d.workspace_id from app_private.sessions s join app_private.demo_passes d on d.id = s.demo_pass_id
           where s.id = nullif(current_setting('app.session_id', true), '')::uuid);
end;
$function$;

comment on function app_private.demo_workspace() is 'The workspace the calling demo session acts in, or null for any other caller.';
revoke all on function app_private.demo_workspace() from public;
grant execute on function app_private.demo_workspace() to podium_app;
