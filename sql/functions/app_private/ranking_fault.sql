-- The first fault of a ballot ranking, or null: malformed, duplicate, own_team, not_a_candidate,
-- and for a submission empty or missing (every candidate but your own team exactly once). Each
-- names the position and team in words ("Position 2: you cannot rank your own team (Rocket); rank
-- every other candidate"), since voters name teams, not ids.

CREATE OR REPLACE FUNCTION app_private.ranking_fault(p_ranking text[], p_candidates uuid[], p_own uuid, p_submit boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  ids uuid[];
  bad record;
  missing uuid;
begin
  select i, x into bad from unnest(p_ranking) with ordinality u(x, i)
   where x is null or x !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' order by i limit 1;
  if found then
    return jsonb_build_object('fault', 'malformed', 'position', bad.i, 'projectId', left(bad.x, 64),
      'message', format('Position %s: %s is not a project id', bad.i, coalesce(left(bad.x, 64), 'null')));
  end if;
  ids := p_ranking::uuid[];
  select min(i) filter (where n = 2) as i, x into bad from (
    select x, i, row_number() over (partition by x order by i) n from unnest(ids) with ordinality u(x, i)) q
   group by x having count(*) > 1 order by 1 limit 1;
  if found then
    return jsonb_build_object('fault', 'duplicate', 'position', bad.i, 'projectId', bad.x, 'message', format('Project %s is named twice', bad.x));
  end if;
  if p_own = any (ids) then
    return jsonb_build_object('fault', 'own_team', 'position', array_position(ids, p_own), 'projectId', p_own,
      'message', format('Position %s: you cannot rank your own team (%s); rank every other candidate', array_position(ids, p_own),
        coalesce((select p.name from app.projects p where p.id = p_own), p_own::text)));
  end if;
  select u.i, u.x into bad from unnest(ids) with ordinality u(x, i) left join unnest(p_candidates) c(id) on c.id = u.x
   where c.id is null order by u.i limit 1;
  if found then
    return jsonb_build_object('fault', 'not_a_candidate', 'position', bad.i, 'projectId', bad.x, 'message', format('Project %s is not one of the candidates', bad.x));
  end if;
  if p_submit then
    if coalesce(cardinality(ids), 0) = 0 then
      return jsonb_build_object('fault', 'empty', 'position', null, 'projectId', null, 'message', 'A submission ranks every candidate; this ranking is empty');
    end if;
    select c.id into missing from unnest(p_candidates) c(id) left join unnest(ids) u(x) on u.x = c.id
     where u.x is null and c.id is distinct from p_own order by c.id limit 1;
    if found then
      return jsonb_build_object('fault', 'missing', 'position', null, 'projectId', missing,
        'message', format('Candidate %s is left out: a submission ranks every candidate exactly once', missing));
    end if;
  end if;
  return null;
end;
$function$;

revoke all on function app_private.ranking_fault(p_ranking text[], p_candidates uuid[], p_own uuid, p_submit boolean) from public;
