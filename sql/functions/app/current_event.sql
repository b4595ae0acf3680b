-- The event of the workspace you act in, for any event role.

CREATE OR REPLACE FUNCTION app.current_event()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  perform app_private.require_scope('hackathon:read');
  ctx := app_private.event_ctx();
  return (select app_private.event_json(e) from app.events e where e.id = ctx.event_id);
end;
$function$;

comment on function app.current_event() is E'@shape app.event_detail\nThe event of the workspace you act in, for any event role.';
revoke all on function app.current_event() from public;
grant execute on function app.current_event() to public;
grant execute on function app.current_event() to podium_app;
