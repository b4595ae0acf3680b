-- The audience rule of the live log: may this reader receive this row (api/live/audience.ts is
-- its in-process twin).

CREATE OR REPLACE FUNCTION app_private.live_visible(l app_private.live_events, ctx app_private.event_ctx)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select l.event_id = ctx.event_id
    and ctx.role in ('participant', 'advisor', 'organizer')
    and ctx.role = any (l.roles)
    and (l.team_id is null or ctx.role <> 'participant' or l.team_id is not distinct from ctx.team_id)
$function$;

comment on function app_private.live_visible(l app_private.live_events, ctx app_private.event_ctx) is 'The audience rule of the live log: may this reader receive this row (api/live/audience.ts is its in-process twin).';
revoke all on function app_private.live_visible(l app_private.live_events, ctx app_private.event_ctx) from public;
