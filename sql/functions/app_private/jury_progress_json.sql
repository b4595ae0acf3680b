-- Judging progress as counts only (scores in / expected per team and per juror): what
-- organizers see while judging runs. A juror is late when a part of their teams is still
-- unscored and their share of submitted scores is below the event's.
create or replace function app_private.jury_progress_json(p_event uuid) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
begin
  return (
  with a as (
    select a.juror, a.project_id, s.state from app.jury_assignments a
      left join app.jury_scores s on s.event_id = a.event_id and s.juror = a.juror and s.project_id = a.project_id
     where a.event_id = p_event
  ), tot as (
    select count(*)::int as assigned, count(*) filter (where a.state = 'submitted')::int as submitted from a
  ), teams as (
    select t.project_id, p.name from app.event_teams t join app.projects p on p.id = t.project_id where t.event_id = p_event and t.left_at is null
  ), jurors as (
    select app_private.normalize_email(r.email) as juror, r.name from app.roster_entries r where r.event_id = p_event and r.role = 'jury'
  )
  select jsonb_build_object(
    'state', app_private.jury_state(p_event),
    'assigned', tot.assigned, 'submitted', tot.submitted,
    'teams', coalesce((select jsonb_agg(jsonb_build_object('projectId', t.project_id, 'team', t.name,
        'assigned', (select count(*) from a where a.project_id = t.project_id),
        'submitted', (select count(*) from a where a.project_id = t.project_id and a.state = 'submitted'),
        'drafts', (select count(*) from a where a.project_id = t.project_id and a.state = 'draft'))
        order by lower(t.name), t.project_id) from teams t), '[]'),
    'jurors', coalesce((select jsonb_agg(x.j order by x.juror) from (
        select j.juror, jsonb_build_object('juror', j.juror, 'name', j.name,
          'assigned', count(a.project_id), 'submitted', count(*) filter (where a.state = 'submitted'),
          'drafts', count(*) filter (where a.state = 'draft'),
          'late', count(a.project_id) > count(*) filter (where a.state = 'submitted')
                  and count(*) filter (where a.state = 'submitted')::numeric * greatest(tot.assigned, 1) < tot.submitted::numeric * count(a.project_id)
                  or (app_private.jury_state(p_event) = 'closed' and count(a.project_id) > count(*) filter (where a.state = 'submitted'))) as j
        from jurors j left join a on a.juror = j.juror group by j.juror, j.name) x), '[]'))
  from tot
  );
end;
$$;
comment on function app_private.jury_progress_json(uuid) is 'Judging progress as counts (per team, per juror, late jurors); never a score.';
