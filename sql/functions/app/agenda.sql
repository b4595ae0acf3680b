-- event agenda show: the programme sorted by start, for every attendee including jury.

CREATE OR REPLACE FUNCTION app.agenda()
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
  return app_private.agenda_json(ctx.event_id);
end;
$function$;

comment on function app.agenda() is E'@shape app.event_agenda_item[]\nevent agenda show: the programme sorted by start, for every attendee including jury.';
revoke all on function app.agenda() from public;
grant execute on function app.agenda() to public;
grant execute on function app.agenda() to podium_app;
