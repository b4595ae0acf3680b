-- event roster unlock: idempotent; refused voting_open once voting opened.

CREATE OR REPLACE FUNCTION app.unlock_roster()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  select * into e from app.events x where x.id = ctx.event_id for update;
  if e.roster_locked_at is not null and e.voting_opened_at is not null then
    perform app_private.fail('voting_open', 'Voting has opened: the roster stays locked');
  end if;
  update app.events x set roster_locked_at = null where x.id = e.id;
  return jsonb_build_object('rosterLockedAt', null);
end;
$function$;

comment on function app.unlock_roster() is E'@shape app.event_roster_lock\nevent roster unlock: idempotent; refused voting_open once voting opened.';
revoke all on function app.unlock_roster() from public;
grant execute on function app.unlock_roster() to public;
grant execute on function app.unlock_roster() to podium_app;
