-- jury conflicts remove <juror> <team>: withdraws a declared conflict (roster and advising
-- conflicts are facts, not declarations: they stay).
create or replace function app.remove_jury_conflict(p_juror text, p_team text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:write');
  j text := app_private.jury_juror(ctx.event_id, p_juror);
  pid uuid := app_private.jury_team(ctx.event_id, p_team);
begin
  delete from app.jury_conflicts c where c.event_id = ctx.event_id and c.juror = j and c.project_id = pid;
  return app.list_jury_conflicts();
end;
$$;
comment on function app.remove_jury_conflict(text, text) is E'@shape app.jury_conflict_list\njury conflicts remove: withdraws a declared conflict; roster and advising conflicts stay.';
revoke all on function app.remove_jury_conflict(text, text) from public;
grant execute on function app.remove_jury_conflict(text, text) to podium_app;
