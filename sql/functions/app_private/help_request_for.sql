-- A help request of the current event the caller may see (organizers and advisors: all;
-- participants: their team's), locked for update when p_lock. Refuses request_not_found otherwise.

CREATE OR REPLACE FUNCTION app_private.help_request_for(ctx app_private.event_ctx, p_id uuid, p_lock boolean)
 RETURNS app.help_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r app.help_requests;
begin
  if p_lock then
    select * into r from app.help_requests x where x.id = p_id and x.event_id = ctx.event_id for update;
  else
    select * into r from app.help_requests x where x.id = p_id and x.event_id = ctx.event_id;
  end if;
  if r.id is null or (ctx.role in ('organizer', 'advisor') or (ctx.role = 'participant' and r.team_id = ctx.team_id)) is not true then
    perform app_private.fail('request_not_found', format('There is no help request %s you may see in this event', p_id), jsonb_build_object('requestId', p_id));
  end if;
  return r;
end;
$function$;

revoke all on function app_private.help_request_for(ctx app_private.event_ctx, p_id uuid, p_lock boolean) from public;
