-- What a jury result counts, read now: method, scale, criteria (name, weight), the event's
-- teams, and every submitted score of a team still in the event, the juror given a label
-- (J1, J2, ... in an order from the event id and the address, not the address itself).
-- Answers { inputs, jurors } where jurors maps each label to the address.
create or replace function app_private.jury_inputs(p_event uuid, p_method text) returns jsonb
  language sql stable
  set search_path = ''
as $$
  with s as (
    select * from app.jury_settings x where x.event_id = p_event
  ), cr as (
    select c.position, c.name, c.weight from app.jury_criteria c where c.event_id = p_event
  ), sc as (
    select x.project_id, x.juror, array(select coalesce((x.submission ->> cr.name)::int, 0) from cr order by cr.position) as vals
      from app.jury_scores x join app.event_teams t on t.project_id = x.project_id and t.event_id = p_event and t.left_at is null
     where x.event_id = p_event and x.state = 'submitted'
  ), jl as (
    select d.juror, 'J' || row_number() over (order by md5(p_event::text || ':' || d.juror), d.juror) as label
      from (select distinct sc.juror from sc) d
  )
  select jsonb_build_object(
    'inputs', jsonb_build_object(
      'method', p_method,
      'scale', jsonb_build_object('min', coalesce((select s.scale_min from s), 1), 'max', coalesce((select s.scale_max from s), 5)),
      'criteria', coalesce((select jsonb_agg(jsonb_build_object('name', cr.name, 'weight', cr.weight) order by cr.position) from cr), '[]'),
      'teams', coalesce((select jsonb_agg(jsonb_build_object('projectId', t.project_id, 'name', p.name) order by lower(p.name), t.project_id)
                         from app.event_teams t join app.projects p on p.id = t.project_id where t.event_id = p_event and t.left_at is null), '[]'),
      'scores', coalesce((select jsonb_agg(jsonb_build_object('projectId', sc.project_id, 'juror', jl.label, 'values', to_jsonb(sc.vals))
                                  order by ('score ' || sc.project_id || ' ' || jl.label || ' ' || array_to_string(sc.vals, ',')) collate "C")
                          from sc join jl on jl.juror = sc.juror), '[]')),
    'jurors', coalesce((select jsonb_object_agg(jl.label, jl.juror) from jl), '{}'))
$$;
comment on function app_private.jury_inputs(uuid, text) is 'The inputs of a jury result now (method, scale, criteria, teams, submitted scores by juror label) and the label -> address map.';
revoke all on function app_private.jury_inputs(uuid, text) from public;
