-- community status: vote state, eligibility version, window, server time, your role, voter status
-- and ballot, candidates (yours marked), the newest released results, and the notice.

CREATE OR REPLACE FUNCTION app.community_status()
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
  b app.vote_ballots;
  why text;
  mine uuid;
  cands jsonb;
  released app.vote_results;
begin
  select * into e from app.events x where x.id = ctx.event_id;
  v := app_private.current_eligibility(e.id);
  if v.id is null then
    mine := ctx.team_id;
    why := case when ctx.role = 'participant' and ctx.team_id is not null then 'eligibility is not locked yet'
                else format('only participants on a team vote; you are %s', case ctx.role when 'advisor' then 'an advisor' when 'organizer' then 'an organizer' else ctx.role end) end;
    select coalesce(jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'yours', c.project_id is not distinct from mine)
        order by lower(c.name), c.project_id), '[]') into cands
      from app_private.live_vote_candidates(e.id) c;
  else
    vt := app_private.my_voter(v.id);
    why := app_private.not_a_voter_reason(ctx, v, vt);
    mine := coalesce(vt.team_id, ctx.team_id);
    if why is null then
      select * into b from app.vote_ballots x where x.voter_id = vt.id;
    end if;
    select coalesce(jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'yours', c.project_id is not distinct from mine)
        order by lower(c.name), c.project_id), '[]') into cands
      from app.vote_candidates c where c.eligibility_id = v.id and c.included;
  end if;
  select * into released from app.vote_results r where r.event_id = e.id and r.released_at is not null order by r.version desc limit 1;
  return app_private.vote_window_json(e) || jsonb_build_object(
    'eligibilityVersion', v.version,
    'role', ctx.role,
    'voter', jsonb_build_object('eligible', why is null, 'team', case when mine is null then null else app_private.team_ref_json(mine) end, 'reason', why),
    'ballot', case when why is null then jsonb_build_object('state', coalesce(b.state, 'none'), 'revision', coalesce(b.revision, 0),
                   'acceptedAt', app_private.iso(b.accepted_at), 'submittedAt', app_private.iso(b.submitted_at)) end,
    'candidates', cands,
    'results', case when released.id is null then null else app_private.vote_result_json(released) end,
    'notice', 'One ballot is cast per participant. This is the community ranking, not the jury result.');
end;
$function$;

comment on function app.community_status() is E'@shape app.vote_status\ncommunity status: vote state, eligibility version, window, server time, your role, voter status and ballot, candidates (yours marked), the newest released results, and the notice.';
revoke all on function app.community_status() from public;
grant execute on function app.community_status() to podium_app;
