-- community results calculate: a new results version from the counted ballots, or the version
-- that already holds this ballot set (created: false); voting_not_closed before the close.

CREATE OR REPLACE FUNCTION app.calculate_vote_results()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  e app.events;
  st text;
  c jsonb;
begin
  select * into e from app.events x where x.id = ctx.event_id for update;
  st := app_private.vote_state(e);
  if st <> 'closed' then
    perform app_private.fail('voting_not_closed', format('Results are calculated once voting is closed (now %s)', st), jsonb_build_object('voteState', st));
  end if;
  c := app_private.vote_calculate(e.id, ctx.user_id);
  return c || jsonb_build_object('result', (select app_private.vote_result_json(r) from app.vote_results r where r.event_id = e.id and r.version = (c ->> 'version')::int));
end;
$function$;

comment on function app.calculate_vote_results() is E'@shape app.vote_calculation\ncommunity results calculate: a new results version from the counted ballots, or the version that already holds this ballot set (created: false); voting_not_closed before the close.';
revoke all on function app.calculate_vote_results() from public;
grant execute on function app.calculate_vote_results() to podium_app;
