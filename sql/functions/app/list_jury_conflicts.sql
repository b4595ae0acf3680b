-- jury conflicts show: every conflict of the jurors (roster, advised, declared), organizers only.
create or replace function app.list_jury_conflicts() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.organizer_ctx('hackathon:read');
begin
  return jsonb_build_object('items', coalesce((
    select jsonb_agg(jsonb_build_object('juror', c.juror, 'projectId', c.project_id, 'team', p.name, 'kind', c.kind, 'reason', c.reason)
                     order by c.juror, lower(p.name), c.kind)
      from app_private.jury_conflict_rows(ctx.event_id) c join app.projects p on p.id = c.project_id), '[]'));
end;
$$;
comment on function app.list_jury_conflicts() is E'@shape app.jury_conflict_list\njury conflicts show: each juror-team conflict with its kind (roster, advised, declared) and reason; organizers only.';
revoke all on function app.list_jury_conflicts() from public;
grant execute on function app.list_jury_conflicts() to podium_app;
