-- requests show: one help request.

CREATE OR REPLACE FUNCTION app.show_help_request(p_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
  r app.help_requests;
begin
  select * into r from app.help_requests x where x.id = p_id and x.event_id = ctx.event_id;
  if r.id is null or (ctx.role in ('organizer', 'advisor') or r.team_id = ctx.team_id) is not true then
    perform app_private.fail('request_not_found', format('There is no help request %s you may see in this event', p_id), jsonb_build_object('requestId', p_id));
  end if;
  return app_private.help_request_json(r);
end;
$function$;

comment on function app.show_help_request(p_id uuid) is E'@shape app.help_request_card\nrequests show: one help request.';
revoke all on function app.show_help_request(p_id uuid) from public;
grant execute on function app.show_help_request(p_id uuid) to podium_app;
