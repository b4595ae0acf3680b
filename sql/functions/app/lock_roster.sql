-- event roster lock: idempotent; a locked roster refuses import.

CREATE OR REPLACE FUNCTION app.lock_roster()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  locked timestamptz;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  update app.events e set roster_locked_at = coalesce(e.roster_locked_at, app.now()) where e.id = ctx.event_id
    returning e.roster_locked_at into locked;
  return jsonb_build_object('rosterLockedAt', app_private.iso(locked));
end;
$function$;

comment on function app.lock_roster() is E'@shape app.event_roster_lock\nevent roster lock: idempotent; a locked roster refuses import.';
revoke all on function app.lock_roster() from public;
grant execute on function app.lock_roster() to public;
grant execute on function app.lock_roster() to podium_app;
