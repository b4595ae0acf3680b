-- The roster file's conflicts field (event roster import): a jury row may carry
-- "conflicts": ["<team>", ...]; the file is the whole truth, so the conflicts it declares
-- replace those of the previous import (conflicts declared with jury conflicts add stay).
-- A conflict with a team the juror is assigned to takes the assignment and its draft away;
-- jury_score_submitted when the juror already submitted a score for it.
create or replace function app.set_roster_jury_conflicts(p_rows jsonb) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  x jsonb;
  n integer := -1;
  tm jsonb;
  j text;
  pid uuid;
  made integer := 0;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'participants must be a list of roster entries', '{"field":"participants"}');
  end if;
  perform app_private.jury_settings_of(ctx.event_id, true);
  delete from app.jury_conflicts c where c.event_id = ctx.event_id and c.source = 'roster';
  for x in select value from jsonb_array_elements(p_rows) loop
    n := n + 1;
    continue when (x ? 'conflicts') is not true;
    if coalesce(x ->> 'role', 'participant') <> 'jury' then
      perform app_private.fail('invalid_input', format('participants.%s.conflicts: only a jury row declares conflicts', n), jsonb_build_object('field', format('participants.%s.conflicts', n)));
    end if;
    if jsonb_typeof(x -> 'conflicts') <> 'array' or exists (select 1 from jsonb_array_elements(x -> 'conflicts') e where jsonb_typeof(e) <> 'string') then
      perform app_private.fail('invalid_input', format('participants.%s.conflicts must be a list of team names', n), jsonb_build_object('field', format('participants.%s.conflicts', n)));
    end if;
    j := app_private.jury_juror(ctx.event_id, x ->> 'email');
    for tm in select e from jsonb_array_elements(x -> 'conflicts') e loop
      pid := app_private.jury_team(ctx.event_id, tm #>> '{}');
      if exists (select 1 from app.jury_scores s where s.event_id = ctx.event_id and s.juror = j and s.project_id = pid and s.state = 'submitted') then
        perform app_private.fail('jury_score_submitted', format('%s already submitted a score for %s; a conflict cannot be declared after it', j, tm #>> '{}'),
          jsonb_build_object('juror', j, 'projectId', pid, 'field', format('participants.%s.conflicts', n)));
      end if;
      insert into app.jury_conflicts (event_id, juror, project_id, source, declared_by) values (ctx.event_id, j, pid, 'roster', ctx.user_id)
      on conflict (event_id, juror, project_id) do nothing;
      delete from app.jury_scores s where s.event_id = ctx.event_id and s.juror = j and s.project_id = pid;
      delete from app.jury_assignments a where a.event_id = ctx.event_id and a.juror = j and a.project_id = pid;
      made := made + 1;
    end loop;
  end loop;
  return jsonb_build_object('conflicts', made);
end;
$$;
comment on function app.set_roster_jury_conflicts(jsonb) is E'@shape app.jury_roster_conflict_count\nevent roster import, the conflicts field of jury rows: replaces the conflicts the previous roster file declared (those of jury conflicts add stay).';
revoke all on function app.set_roster_jury_conflicts(jsonb) from public;
grant execute on function app.set_roster_jury_conflicts(jsonb) to podium_app;
