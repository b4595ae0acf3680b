-- The teams that have fewer than k jurors assigned, each with why: how many jurors are free
-- of a conflict with it and the conflicts that take the others out.
create or replace function app_private.jury_shortfall(p_event uuid, p_k integer) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
begin
  return (
  with jurors as (
    select count(*)::int as n from app.roster_entries r where r.event_id = p_event and r.role = 'jury'
  ), conf as (
    select c.project_id, count(distinct c.juror)::int as n, string_agg(c.juror || ' (' || c.kind || ')', ', ' order by c.juror, c.kind) as list
      from app_private.jury_conflict_rows(p_event) c group by c.project_id
  ), have as (
    select a.project_id, count(*)::int as n from app.jury_assignments a where a.event_id = p_event group by a.project_id
  ), per as (
    select t.project_id, p.name, coalesce(h.n, 0) as assigned, (select n from jurors) - coalesce(c.n, 0) as free, c.list as conflicts
      from app.event_teams t join app.projects p on p.id = t.project_id
      left join have h on h.project_id = t.project_id left join conf c on c.project_id = t.project_id
     where t.event_id = p_event and t.left_at is null
  )
  select coalesce(jsonb_agg(jsonb_build_object('projectId', per.project_id, 'team', per.name, 'assigned', per.assigned, 'needed', p_k,
      'freeJurors', per.free,
      'reason', case
        when per.free < p_k then format('only %s of %s jurors have no conflict with it%s', per.free, (select n from jurors),
                                        coalesce(' (conflicts: ' || per.conflicts || ')', ''))
        else format('%s of the %s jurors free of a conflict are assigned; run jury assign or add one by hand', per.assigned, per.free) end)
    order by lower(per.name), per.project_id), '[]')
  from per where per.assigned < p_k
  );
end;
$$;
comment on function app_private.jury_shortfall(uuid, integer) is 'Teams with fewer than k jurors assigned, with the reason (jurors free of a conflict, the conflicts).';
revoke all on function app_private.jury_shortfall(uuid, integer) from public;
