-- Refuses a juror-team pair with a conflict: jury_conflict naming the juror, the team and
-- every conflict. Assignments by hand and score writes call it.
create or replace function app_private.jury_refuse_conflict(p_event uuid, p_juror text, p_project uuid) returns void
  language plpgsql stable
  set search_path = ''
as $$
declare
  why text := app_private.jury_conflict_of(p_event, p_juror, p_project);
  team text;
begin
  if why is not null then
    select p.name into team from app.projects p where p.id = p_project;
    perform app_private.fail('jury_conflict', format('%s has a conflict of interest with %s (%s)', p_juror, team, why),
      jsonb_build_object('juror', p_juror, 'projectId', p_project, 'team', team, 'conflict', why));
  end if;
end;
$$;
comment on function app_private.jury_refuse_conflict(uuid, text, uuid) is 'jury_conflict for a conflicted juror-team pair, naming the conflict.';
revoke all on function app_private.jury_refuse_conflict(uuid, text, uuid) from public;
