-- jury scores: the caller's own teams (assigned) with their score each (draft, submission,
-- note, revision), the criteria and the window. Jurors only: nobody reads another's score here.
create or replace function app.my_jury_scores() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['jury']);
  me text := app_private.jury_me(ctx.user_id);
begin
  return app_private.jury_criteria_json(ctx.event_id) || jsonb_build_object('juror', me,
    'items', coalesce((select jsonb_agg(app_private.jury_score_json(sc) || jsonb_build_object('projectId', a.project_id, 'team', p.name, 'tagline', t.tagline) order by lower(p.name), a.project_id)
                       from app.jury_assignments a join app.projects p on p.id = a.project_id
                       join app.event_teams t on t.project_id = a.project_id
                       left join app.jury_scores sc on sc.event_id = a.event_id and sc.juror = a.juror and sc.project_id = a.project_id
                      where a.event_id = ctx.event_id and a.juror = me), '[]'));
end;
$$;
comment on function app.my_jury_scores() is E'@shape app.jury_scoresheet\njury scores: the caller''s assigned teams with their own score each (draft, submission, note, revision); jurors only.';
revoke all on function app.my_jury_scores() from public;
grant execute on function app.my_jury_scores() to podium_app;
