-- Judging progress for organizers (scores in / expected per team and per juror, late jurors):
-- counts only, what the dashboard, the TUI and the MCP tool jury_progress read.
create or replace function app.jury_progress() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:read');
begin
  return app_private.jury_progress_json(ctx.event_id);
end;
$$;
comment on function app.jury_progress() is E'@shape app.jury_progress_report\nJudging progress as counts per team and per juror (late jurors); organizers only; never a score.';
revoke all on function app.jury_progress() from public;
grant execute on function app.jury_progress() to podium_app;
