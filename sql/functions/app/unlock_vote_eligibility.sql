-- community eligibility unlock: ends the current version (idempotent); voting_open once voting
-- was opened.

CREATE OR REPLACE FUNCTION app.unlock_vote_eligibility()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  e app.events;
  v app.vote_eligibility;
begin
  select * into e from app.events x where x.id = ctx.event_id for update;
  if e.voting_opened_at is not null then
    perform app_private.fail('voting_open', format('Voting was opened at %s: eligibility stays locked', app_private.iso(e.voting_opened_at)),
      jsonb_build_object('votingOpenedAt', app_private.iso(e.voting_opened_at)));
  end if;
  update app.vote_eligibility x set unlocked_at = app.now() where x.event_id = ctx.event_id and x.unlocked_at is null returning * into v;
  return jsonb_build_object('unlocked', true, 'version', v.version, 'unlockedAt', app_private.iso(v.unlocked_at));
end;
$function$;

comment on function app.unlock_vote_eligibility() is E'@shape app.vote_eligibility_unlock\ncommunity eligibility unlock: ends the current version (idempotent); voting_open once voting was opened.';
revoke all on function app.unlock_vote_eligibility() from public;
grant execute on function app.unlock_vote_eligibility() to podium_app;
