-- The caller's community ballot as JSON: the voting window, their team, state and revision, whether
-- they can submit now (and why not), the candidates (never their own team), draft and submission.

CREATE OR REPLACE FUNCTION app_private.ballot_json(e app.events, v app.vote_eligibility, vt app.vote_voters)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b app.vote_ballots;
  st text := app_private.vote_state(e);
begin
  select * into b from app.vote_ballots x where x.voter_id = vt.id;
  return app_private.vote_window_json(e) || jsonb_build_object(
    'eligibilityVersion', v.version,
    'team', app_private.team_ref_json(vt.team_id),
    'id', b.id,
    'state', coalesce(b.state, 'none'),
    'revision', coalesce(b.revision, 0),
    'acceptedAt', app_private.iso(b.accepted_at),
    'submittedAt', app_private.iso(b.submitted_at),
    'canSubmit', st = 'open',
    'cannotSubmitReason', case st when 'open' then null when 'closed' then 'voting is closed'
                                  when 'scheduled' then format('voting opens at %s', app_private.iso(e.vote_opens_at)) else 'voting is not open' end,
    'candidates', coalesce((select jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'voteLink', t.vote_link) order by lower(c.name), c.project_id)
                   from app.vote_candidates c left join app.event_teams t on t.project_id = c.project_id and t.event_id = e.id
                   where c.eligibility_id = v.id and c.included and c.project_id <> vt.team_id), '[]'),
    'draft', app_private.ranking_json(b.draft),
    'submission', app_private.ranking_json(b.ranking),
    'invalidationReason', b.invalidation_reason);
end;
$function$;

revoke all on function app_private.ballot_json(e app.events, v app.vote_eligibility, vt app.vote_voters) from public;
