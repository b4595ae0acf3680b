-- An event's community vote eligibility as JSON: while unlocked, the live candidates (teams with a
-- vote link) and voters (participants on a team); once locked, the stored lists with exclusions and
-- reasons; each candidate with its readiness; and counts.

CREATE OR REPLACE FUNCTION app_private.vote_eligibility_json(p_event uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  e app.events;
  v app.vote_eligibility;
  cands jsonb;
  voters jsonb;
begin
  select * into e from app.events x where x.id = p_event;
  v := app_private.current_eligibility(p_event);
  if v.id is null then
    select coalesce(jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'included', true, 'reason', null,
        'memberCount', c.member_count, 'confirmed', c.confirmed, 'ready', r.readiness = 'ready', 'readiness', r.readiness)
        order by lower(c.name), c.project_id), '[]')
      into cands
      from app_private.live_vote_candidates(p_event) c, lateral (select app_private.vote_readiness(c.project_id, c.confirmed) as readiness) r;
    select coalesce(jsonb_agg(jsonb_build_object('email', x.email, 'name', x.name, 'team', app_private.team_ref_json(x.team_id),
        'included', true, 'reason', null) order by app_private.normalize_email(x.email)), '[]')
      into voters from app_private.live_voters(p_event) x;
  else
    select coalesce(jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'included', c.included, 'reason', c.reason,
        'memberCount', c.member_count, 'confirmed', c.confirmed, 'ready', r.readiness = 'ready', 'readiness', r.readiness)
        order by lower(c.name), c.project_id), '[]')
      into cands
      from app.vote_candidates c, lateral (select app_private.vote_readiness(c.project_id, c.confirmed) as readiness) r
      where c.eligibility_id = v.id;
    select coalesce(jsonb_agg(jsonb_build_object('email', x.email, 'name', x.name, 'team', app_private.team_ref_json(x.team_id),
        'included', x.included, 'reason', x.reason) order by app_private.normalize_email(x.email)), '[]')
      into voters from app.vote_voters x where x.eligibility_id = v.id;
  end if;
  return jsonb_build_object(
    'voteState', app_private.vote_state(e),
    'locked', v.id is not null,
    'version', v.version,
    'lockedAt', app_private.iso(v.locked_at),
    'rosterLocked', e.roster_locked_at is not null,
    'rosterLockedAt', app_private.iso(e.roster_locked_at),
    'candidates', cands,
    'voters', voters,
    'counts', jsonb_build_object(
      'candidates', (select count(*) from jsonb_array_elements(cands) c where (c ->> 'included')::boolean),
      'candidatesExcluded', (select count(*) from jsonb_array_elements(cands) c where (c ->> 'included')::boolean is false),
      'voters', (select count(*) from jsonb_array_elements(voters) x where (x ->> 'included')::boolean),
      'votersExcluded', (select count(*) from jsonb_array_elements(voters) x where (x ->> 'included')::boolean is false)));
end;
$function$;

revoke all on function app_private.vote_eligibility_json(p_event uuid) from public;
