-- community ballot show: your ballot (state, revision, draft and submission), the window, and the
-- candidates you rank.

CREATE OR REPLACE FUNCTION app.community_ballot()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.community_ctx('hackathon:read', false);
  e app.events;
  v app.vote_eligibility;
  vt app.vote_voters;
  why text;
begin
  select * into e from app.events x where x.id = ctx.event_id;
  v := app_private.current_eligibility(e.id);
  if v.id is null then
    perform app_private.fail('eligibility_not_locked', 'Eligibility is not locked yet: there are no ballots before it is');
  end if;
  vt := app_private.my_voter(v.id);
  why := app_private.not_a_voter_reason(ctx, v, vt);
  if why is not null then
    perform app_private.fail('not_eligible_voter', format('You do not vote in eligibility version %s: %s', v.version, why), jsonb_build_object('reason', why));
  end if;
  return app_private.ballot_json(e, v, vt);
end;
$function$;

comment on function app.community_ballot() is E'@shape app.vote_ballot_sheet\ncommunity ballot show: your ballot (state, revision, draft and submission), the window, and the candidates you rank.';
revoke all on function app.community_ballot() from public;
grant execute on function app.community_ballot() to podium_app;
