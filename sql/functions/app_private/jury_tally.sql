-- The jury method over a result's inputs, exactly (numeric integers only):
--   a score's weighted value is sum(weight * value) / sum(weight);
--   mean: a team's result is the mean of the weighted values of its scores;
--   rank: each juror's teams are ranked by weighted value (best 1; equal values share the
--   mean of their positions), the team at position r of a juror with m teams gets
--   (m - r) / (m - 1) (m = 1 gives 1), and a team's result is the mean of those points.
-- Rows are ranked by the exact fraction (equal fractions share a rank: 1, 1, 3); a team
-- without a counted score is unranked. Decimal: half up to 4 places. Answers { rows, ties }.
create or replace function app_private.jury_tally(p_inputs jsonb, p_assigned jsonb) returns jsonb
  language plpgsql stable
  set search_path = ''
  set jit = 'off'
as $$
declare
  w_total numeric;
  l numeric := 1;
  n_all numeric := 1;
  d numeric;
  rows_ jsonb;
  p_pid text[];
  p_num numeric[];
  p_den numeric[];
  ties_ jsonb;
begin
  select coalesce(sum((c ->> 'weight')::numeric), 0) into w_total from jsonb_array_elements(p_inputs -> 'criteria') c;
  if w_total = 0 then
    w_total := 1;
  end if;
  with sc as (
    select x ->> 'projectId' as pid, x ->> 'juror' as j,
           (select coalesce(sum(v.val::numeric * (c.c ->> 'weight')::numeric), 0)
              from jsonb_array_elements_text(x -> 'values') with ordinality v(val, o)
              join jsonb_array_elements(p_inputs -> 'criteria') with ordinality c(c, o) on c.o = v.o) as ws
      from jsonb_array_elements(p_inputs -> 'scores') x
  ), rk as (
    select sc.*, count(*) over (partition by sc.j) as m, rank() over (partition by sc.j order by sc.ws desc) as r,
           count(*) over (partition by sc.j, sc.ws) as tie
      from sc
  )
  select coalesce(array_agg(rk.pid), '{}'),
    coalesce(array_agg(case when p_inputs ->> 'method' = 'rank' then (case when rk.m = 1 then 1 else 2 * rk.m - 2 * rk.r - rk.tie + 1 end)::numeric else rk.ws end), '{}'),
    coalesce(array_agg(case when p_inputs ->> 'method' = 'rank' then (case when rk.m = 1 then 1 else 2 * (rk.m - 1) end)::numeric else w_total end), '{}')
    into p_pid, p_num, p_den
  from rk;
  for d in select distinct p.den from unnest(p_pid, p_num, p_den) p(pid, num, den) loop
    l := lcm(l, d);
  end loop;
  for d in select distinct q.n from (select count(*)::numeric as n from unnest(p_pid, p_num, p_den) p(pid, num, den) group by p.pid) q loop
    n_all := lcm(n_all, d);
  end loop;
  with per as (
    select p.pid, sum(p.num * div(l, p.den)) as num, count(*)::numeric as n from unnest(p_pid, p_num, p_den) p(pid, num, den) group by p.pid
  ), teams as (
    select t ->> 'projectId' as pid, t ->> 'name' as name from jsonb_array_elements(p_inputs -> 'teams') t
  ), scored as (
    select teams.pid, teams.name, per.num, per.n, l * per.n as den, gcd(per.num, l * per.n) as g, per.num * div(n_all, per.n) as key
      from teams join per on per.pid = teams.pid
  ), ranked as (
    select s.*, rank() over (order by s.key desc) as rnk from scored s
  ), all_rows as (
    select rnk, pid, name, div(num, case when g = 0 then 1 else g end)::text || '/' || div(den, case when g = 0 then 1 else g end)::text as fraction,
           (div(2 * num * 10000 + den, 2 * den) / 10000)::numeric(30, 4)::text as score, n::int as scores
      from ranked
    union all
    select null, teams.pid, teams.name, null, null, 0 from teams where not exists (select 1 from per where per.pid = teams.pid)
  )
  select coalesce(jsonb_agg(jsonb_build_object('rank', rnk, 'projectId', pid, 'name', name, 'score', score, 'fraction', fraction,
                  'scores', scores, 'assigned', coalesce((p_assigned ->> pid)::int, 0)) order by rnk nulls last, lower(name), pid), '[]')
    into rows_ from all_rows;
  select coalesce(jsonb_agg(jsonb_build_object('rank', (g ->> 'rank')::int, 'projectIds', g -> 'projectIds', 'names', g -> 'names') order by (g ->> 'rank')::int), '[]')
    into ties_
    from (select jsonb_build_object('rank', x ->> 'rank', 'projectIds', jsonb_agg(x -> 'projectId' order by ord), 'names', jsonb_agg(x -> 'name' order by ord)) as g
            from jsonb_array_elements(rows_) with ordinality e(x, ord)
           where x ->> 'rank' is not null
           group by x ->> 'rank' having count(*) > 1) q;
  return jsonb_build_object('rows', rows_, 'ties', ties_);
end;
$$;
comment on function app_private.jury_tally(jsonb, jsonb) is 'The jury method (mean or rank) over result inputs, exactly: rows (rank, fraction, decimal, scores, assigned) and ties.';
revoke all on function app_private.jury_tally(jsonb, jsonb) from public;
