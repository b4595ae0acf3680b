-- The live rows after p_after the caller may read, oldest first (at most 1000): what a stream
-- resumed with Last-Event-ID missed.

CREATE OR REPLACE FUNCTION app_private.live_backlog(p_after bigint, p_limit integer)
 RETURNS TABLE(id bigint, kind text, payload text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer']);
begin
  return query
    select l.id, l.kind, l.payload::text from app_private.live_events l
    where l.event_id = ctx.event_id and l.id > p_after and app_private.live_visible(l, ctx)
    order by l.id
    limit least(greatest(p_limit, 1), 1000);
end;
$function$;

comment on function app_private.live_backlog(p_after bigint, p_limit integer) is 'The live rows after p_after the caller may read, oldest first (at most 1000): what a stream resumed with Last-Event-ID missed.';
revoke all on function app_private.live_backlog(p_after bigint, p_limit integer) from public;
grant execute on function app_private.live_backlog(p_after bigint, p_limit integer) to podium_app;
