-- community voting close: closes an open vote now (idempotent once closed); voting_not_open
-- otherwise.

CREATE OR REPLACE FUNCTION app.close_voting()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:write', true);
  e app.events;
  st text;
begin
  select * into e from app.events x where x.id = ctx.event_id for update;
  st := app_private.vote_state(e);
  if st = 'closed' then
    return app_private.vote_window_json(e) || jsonb_build_object('closedAt', app_private.iso(app_private.vote_closes_at(e)), 'alreadyClosed', true);
  end if;
  if st <> 'open' then
    perform app_private.fail('voting_not_open', format('Voting is not open (%s)', st), jsonb_build_object('voteState', st));
  end if;
  update app.events x set voting_closed_at = app.now(), updated_at = app.now() where x.id = e.id returning * into e;
  return app_private.vote_window_json(e) || jsonb_build_object('closedAt', app_private.iso(e.voting_closed_at), 'alreadyClosed', false);
end;
$function$;

comment on function app.close_voting() is E'@shape app.vote_closing\ncommunity voting close: closes an open vote now (idempotent once closed); voting_not_open otherwise.';
revoke all on function app.close_voting() from public;
grant execute on function app.close_voting() to podium_app;
