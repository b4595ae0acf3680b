-- What changed since a community vote eligibility was locked: voters who moved team or left, teams
-- that gained or lost a vote link. Empty means the lock still matches the roster.

CREATE OR REPLACE FUNCTION app_private.eligibility_drift(v app.vote_eligibility)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(d order by d), '{}') from (
    select format('voter %s is now on %s', x.email, coalesce((select p.name from app.projects p where p.id = x.team_id), '?')) as d
      from app_private.live_voters(v.event_id) x
     where not exists (select 1 from app.vote_voters y where y.eligibility_id = v.id and app_private.normalize_email(y.email) = app_private.normalize_email(x.email) and y.team_id = x.team_id)
    union all
    select format('voter %s left the roster or their team', y.email)
      from app.vote_voters y
     where y.eligibility_id = v.id
       and not exists (select 1 from app_private.live_voters(v.event_id) x where app_private.normalize_email(x.email) = app_private.normalize_email(y.email))
    union all
    select format('team %s now has a vote link', c.name)
      from app_private.live_vote_candidates(v.event_id) c
     where not exists (select 1 from app.vote_candidates y where y.eligibility_id = v.id and y.project_id = c.project_id)
    union all
    select format('team %s has no vote link any more', y.name)
      from app.vote_candidates y
     where y.eligibility_id = v.id and y.included
       and not exists (select 1 from app_private.live_vote_candidates(v.event_id) c where c.project_id = y.project_id)
  ) q
$function$;

revoke all on function app_private.eligibility_drift(v app.vote_eligibility) from public;
