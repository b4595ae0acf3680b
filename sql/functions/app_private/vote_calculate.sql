-- Tallies the submitted ballots of the event's locked eligibility: a ballot ranking k teams gives
-- the team at place p (k-p)/(k-1) points; a team's score is its mean over the ballots that rank it,
-- kept as exact fractions, with ties and coverage. Answers the existing result version when the
-- same ballots gave one (same digest), else a new version.

CREATE OR REPLACE FUNCTION app_private.vote_calculate(p_event uuid, p_by uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
 SET work_mem TO '64MB'
 SET enable_sort TO 'off'
 SET jit TO 'off'
AS $function$
declare
  v app.vote_eligibility := app_private.current_eligibility(p_event);
  ids uuid[];
  dg text;
  r app.vote_results;
  v_l numeric := 1;    -- lcm of (k - 1) over the ballot lengths k > 1
  v_nall numeric := 1; -- lcm of the ballot counts per candidate
  v_k integer;
  v_n bigint;
  rows_ jsonb;
  ties_ jsonb;
  cov jsonb;
  t_pid uuid[];
  t_num numeric[];
  t_n bigint[];
begin
  select coalesce(array_agg(b.id order by b.id), '{}') into ids from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'submitted';
  dg := encode(pg_catalog.sha256(convert_to(app_private.vote_canonical(v.version, v.id), 'UTF8')), 'hex');
  select * into r from app.vote_results x where x.eligibility_id = v.id and x.digest = dg order by x.version limit 1;
  if r.id is not null then
    return jsonb_build_object('version', r.version, 'created', false);
  end if;
  for v_k in select distinct b.ranking_length from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'submitted' loop
    if v_k > 1 then
      v_l := lcm(v_l, (v_k - 1)::numeric);
    end if;
  end loop;

  -- Per candidate: the numerator over l * n (its sum of points, each (k - p) / (k - 1)
  -- brought to the common denominator l) and n, the ballots that rank it.
  select coalesce(array_agg(pid order by pid), '{}'), coalesce(array_agg(num order by pid), '{}'), coalesce(array_agg(cnt order by pid), '{}')
    into t_pid, t_num, t_n
  from (
    select pid, sum(case when kk = 1 then cnt * v_l else s * div(v_l, (kk - 1)::numeric) end) as num, sum(cnt)::bigint as cnt
    from (
      -- unnest reads each ranking once per ballot (ranking_length is a column, not a
      -- cardinality() per element, which would detoast the array for every element)
      select u.pid, b.ranking_length as kk, sum(b.ranking_length - u.p)::numeric as s, count(*)::numeric as cnt
      from app.vote_ballots b cross join lateral unnest(b.ranking) with ordinality u(pid, p)
      where b.eligibility_id = v.id and b.state = 'submitted'
      group by u.pid, b.ranking_length
    ) per_k
    group by pid
  ) per_c;
  for v_n in select distinct x from unnest(t_n) x loop
    v_nall := lcm(v_nall, v_n::numeric);
  end loop;

  with scored as (
    select c.project_id, c.name, t.num, t.cnt, v_l * t.cnt as den, gcd(t.num, v_l * t.cnt) as g,
           t.num * div(v_nall, t.cnt::numeric) as key
    from app.vote_candidates c join unnest(t_pid, t_num, t_n) t(project_id, num, cnt) on t.project_id = c.project_id
    where c.eligibility_id = v.id and c.included
  ), ranked as (
    select s.*, rank() over (order by s.key desc) as rnk from scored s
  ), all_rows as (
    select rnk, project_id, name, div(num, g)::text || '/' || div(den, g)::text as fraction,
           (div(2 * num * 10000 + den, 2 * den) / 10000)::numeric(30, 4)::text as score, cnt as ballots
    from ranked
    union all
    select null, c.project_id, c.name, null, null, 0
    from app.vote_candidates c
    where c.eligibility_id = v.id and c.included and (c.project_id = any (t_pid)) is false
  )
  select coalesce(jsonb_agg(jsonb_build_object('rank', rnk, 'projectId', project_id, 'name', name, 'score', score, 'fraction', fraction, 'ballots', ballots)
                  order by rnk nulls last, lower(name), project_id), '[]')
    into rows_ from all_rows;
  select coalesce(jsonb_agg(jsonb_build_object('rank', (g ->> 'rank')::int, 'projectIds', g -> 'projectIds', 'names', g -> 'names') order by (g ->> 'rank')::int), '[]')
    into ties_
    from (select jsonb_build_object('rank', x ->> 'rank', 'projectIds', jsonb_agg(x -> 'projectId' order by ord), 'names', jsonb_agg(x -> 'name' order by ord)) as g
          from jsonb_array_elements(rows_) with ordinality e(x, ord)
          where x ->> 'rank' is not null
          group by x ->> 'rank' having count(*) > 1) q;
  cov := jsonb_build_object(
    'voters', (select count(*) from app.vote_voters x where x.eligibility_id = v.id and x.included),
    'submitted', cardinality(ids),
    'invalidated', (select count(*) from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'invalidated'),
    'candidates', (select count(*) from app.vote_candidates c where c.eligibility_id = v.id and c.included),
    'excludedCandidates', (select count(*) from app.vote_candidates c where c.eligibility_id = v.id and c.included is false),
    'excludedVoters', (select count(*) from app.vote_voters x where x.eligibility_id = v.id and x.included is false));
  insert into app.vote_results (event_id, eligibility_id, version, calculated_at, calculated_by, digest, rows, ties, coverage)
  values (p_event, v.id, coalesce((select max(x.version) from app.vote_results x where x.event_id = p_event), 0) + 1, app.now(), p_by, dg, rows_, ties_, cov)
  returning * into r;
  insert into app_private.vote_result_ballots (result_id, ballot_ids) values (r.id, ids);
  return jsonb_build_object('version', r.version, 'created', true);
end;
$function$;

revoke all on function app_private.vote_calculate(p_event uuid, p_by uuid) from public;
