-- The criteria of an event as the wire shows them: scale, criteria in order, total weight,
-- the window state and whether they are fixed (judging opened).
create or replace function app_private.jury_criteria_json(p_event uuid) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
begin
  return (
  select jsonb_build_object(
    'scale', jsonb_build_object('min', coalesce(s.scale_min, 1), 'max', coalesce(s.scale_max, 5)),
    'criteria', coalesce((select jsonb_agg(jsonb_build_object('position', c.position, 'name', c.name, 'description', c.description, 'weight', c.weight) order by c.position)
                          from app.jury_criteria c where c.event_id = p_event), '[]'),
    'totalWeight', (select coalesce(sum(c.weight), 0) from app.jury_criteria c where c.event_id = p_event),
    'state', app_private.jury_state(p_event),
    'fixed', app_private.jury_state(p_event) <> 'setup')
  from (select 1) one left join app.jury_settings s on s.event_id = p_event
  );
end;
$$;
comment on function app_private.jury_criteria_json(uuid) is 'The jury criteria of an event (scale, criteria, total weight, state, fixed).';
revoke all on function app_private.jury_criteria_json(uuid) from public;
