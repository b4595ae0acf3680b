-- One score as its juror reads it.
create or replace function app_private.jury_score_json(s app.jury_scores) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('projectId', s.project_id, 'team', (select p.name from app.projects p where p.id = s.project_id),
    'state', coalesce(s.state, 'none'), 'revision', coalesce(s.revision, 0), 'draft', s.draft, 'submission', s.submission, 'note', s.note,
    'acceptedAt', app_private.iso(s.accepted_at), 'submittedAt', app_private.iso(s.submitted_at))
$$;
comment on function app_private.jury_score_json(app.jury_scores) is 'A jury score as the wire shows it to its juror.';
revoke all on function app_private.jury_score_json(app.jury_scores) from public;
