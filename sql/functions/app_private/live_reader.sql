-- The caller as a live-stream reader (event, role, team; insufficient_scope,
-- event_not_configured, not_on_roster, insufficient_event_role for jury), the position of their
-- event's log now, and whether p_after can still be resumed from.

CREATE OR REPLACE FUNCTION app_private.live_reader(p_after bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer']);
  horizon bigint := (select h.pruned_through from app_private.live_horizon h);
  top bigint := greatest((select max(l.id) from app_private.live_events l), horizon, 0);
  here bigint := greatest((select max(l.id) from app_private.live_events l where l.event_id = ctx.event_id), horizon, 0);
begin
  return jsonb_build_object(
    'eventId', ctx.event_id, 'workspaceId', ctx.workspace_id, 'userId', ctx.user_id,
    'role', ctx.role, 'teamId', ctx.team_id,
    -- Where a stream opened now starts: the newest committed id of the reader's event (ids
    -- are in commit order per event, so nothing of this event at or below it can still appear).
    'position', here,
    -- A resume point the log can still serve: not pruned past, and one it handed out.
    'resumable', p_after is null or (p_after >= horizon and p_after <= top));
end;
$function$;

comment on function app_private.live_reader(p_after bigint) is 'The caller as a live-stream reader (event, role, team; insufficient_scope, event_not_configured, not_on_roster, insufficient_event_role for jury), the position of their event''s log now, and whether p_after can still be resumed from.';
revoke all on function app_private.live_reader(p_after bigint) from public;
grant execute on function app_private.live_reader(p_after bigint) to podium_app;
