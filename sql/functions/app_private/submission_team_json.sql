-- A team's submission as JSON: state, repository and readiness, last accepted push, the frozen
-- revision with its archive (and the archive's file id, for files download), and attention.

CREATE OR REPLACE FUNCTION app_private.submission_team_json(p_project uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'project', jsonb_build_object('id', p.id, 'name', p.name),
    'state', coalesce(s.state, 'waiting'),
    'repository', case when r.project_id is null then null else jsonb_build_object(
      'fullName', r.full_name, 'branch', e.github_branch, 'readiness', r.readiness) end,
    'readiness', coalesce(r.readiness, 'unassigned'),
    'lastReceived', (select app_private.receipt_json(x) from app.submission_receipts x
                      where x.project_id = p.id and x.kind = 'push' and x.verdict = 'accepted' order by x.seq desc limit 1),
    'frozen', case when s.project_id is null then null else jsonb_build_object(
      'sha', s.sha, 'source', s.source, 'state', s.state, 'frozenAt', app_private.iso(s.frozen_at),
      'archive', case when s.archive_sha256 is null then null else jsonb_build_object(
        'name', 'submission-' || left(s.sha, 12) || '.tar.gz', 'sha256', s.archive_sha256, 'size', s.archive_size,
        'fileId', app_private.archive_file_id(p.id, s.archive_sha256)) end) end,
    'attention', s.attention)
  from app.projects p join app.event_teams t on t.project_id = p.id join app.events e on e.id = t.event_id
  left join app.team_repositories r on r.project_id = p.id
  left join app.submissions s on s.project_id = p.id
  where p.id = p_project
$function$;

revoke all on function app_private.submission_team_json(p_project uuid) from public;
