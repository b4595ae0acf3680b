-- Judging progress as counts only (scores in / expected per team and per juror): what
-- organizers see while judging runs. A juror is late when a part of their teams is still
-- unscored and their share of submitted scores is below the event's (after the close: any
-- team unscored).
create or replace function app_private.jury_progress_json(p_event uuid) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  st text := app_private.jury_state(p_event);
begin
  return (
  with a as (
    select a.juror, a.project_id, s.state from app.jury_assignments a
      left join app.jury_scores s on s.event_id = a.event_id and s.juror = a.juror and s.project_id = a.project_id
     where a.event_id = p_event
  ), tot as (
    select count(*)::int as assigned, count(*) filter (where a.state = 'submitted')::int as submitted from a
  ), per_team as (
    select a.project_id, count(*) as assigned, count(*) filter (where a.state = 'submitted') as submitted, count(*) filter (where a.state = 'draft') as drafts
      from a group by a.project_id
  ), per_juror as (
    select a.juror, count(*) as assigned, count(*) filter (where a.state = 'submitted') as submitted, count(*) filter (where a.state = 'draft') as drafts
      from a group by a.juror
  )
  select jsonb_build_object(
    'state', st, 'assigned', tot.assigned, 'submitted', tot.submitted,
    'teams', coalesce((select jsonb_agg(jsonb_build_object('projectId', t.project_id, 'team', p.name,
        'assigned', coalesce(pt.assigned, 0), 'submitted', coalesce(pt.submitted, 0), 'drafts', coalesce(pt.drafts, 0))
        order by lower(p.name), t.project_id)
        from app.event_teams t join app.projects p on p.id = t.project_id left join per_team pt on pt.project_id = t.project_id
       where t.event_id = p_event and t.left_at is null), '[]'),
    'jurors', coalesce((select jsonb_agg(jsonb_build_object('juror', j.juror, 'name', j.name,
        'assigned', coalesce(pj.assigned, 0), 'submitted', coalesce(pj.submitted, 0), 'drafts', coalesce(pj.drafts, 0),
        'late', coalesce(pj.assigned, 0) > coalesce(pj.submitted, 0)
                and (st = 'closed' or coalesce(pj.submitted, 0)::numeric * greatest(tot.assigned, 1) < tot.submitted::numeric * coalesce(pj.assigned, 0)))
        order by j.juror)
        from (select app_private.normalize_email(r.email) as juror, r.name from app.roster_entries r where r.event_id = p_event and r.role = 'jury') j
        left join per_juror pj on pj.juror = j.juror), '[]'))
  from tot
  );
end;
$$;
comment on function app_private.jury_progress_json(uuid) is 'Judging progress as counts (per team, per juror, late jurors); never a score.';
revoke all on function app_private.jury_progress_json(uuid) from public;
