-- Worker: marks a generation job running and answers what it generates from, including the team's
-- roster names keyed by the opaque hash of their normalized address (the key core/codehost/types.ts
-- authorKey gives a commit author), so the worker names contributors without holding an address.
-- Null when the job is finished or its deck is already published.

CREATE OR REPLACE FUNCTION app_private.generation_job_begin(p_job uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  j app_private.generation_jobs;
  e app.events;
  p app.projects;
  t app_private.deck_templates;
  et app.event_teams;
  repo app.team_repositories;
  roster jsonb;
begin
  select * into j from app_private.generation_jobs x where x.id = p_job for update;
  if j.id is null or j.status in ('review', 'failed', 'skipped') then
    return null;
  end if;
  if exists (select 1 from app_private.generated_decks g where g.job_id = j.id) then
    update app_private.generation_jobs x set status = 'review', finished_at = coalesce(x.finished_at, app.now()) where x.id = j.id;
    return null;
  end if;
  update app_private.generation_jobs x set status = 'running', attempts = x.attempts + 1, started_at = app.now(),
    log = x.log || format(E'%s attempt %s started\n', app_private.iso(app.now()), x.attempts + 1)
   where x.id = j.id returning * into j;
  select * into e from app.events x where x.id = j.event_id;
  select * into p from app.projects x where x.id = j.project_id;
  select * into t from app_private.deck_templates x where x.kind = j.kind;
  select * into et from app.event_teams x where x.project_id = p.id and x.event_id = e.id;
  select * into repo from app.team_repositories r where r.project_id = p.id;
  select coalesce(jsonb_agg(jsonb_build_object('name', r.name,
           'key', left(encode(pg_catalog.sha256(pg_catalog.convert_to(app_private.normalize_email(r.email), 'UTF8')), 'hex'), 16))
           order by r.name, r.email), '[]'::jsonb)
    into roster
    from app.roster_entries r
   where r.event_id = e.id and r.team_id = p.id and r.role = 'participant' and r.name is not null;
  return jsonb_build_object('jobId', j.id, 'runId', j.run_id, 'kind', j.kind, 'revision', j.revision, 'attempts', j.attempts,
    'eventId', e.id, 'eventName', e.name, 'workspaceId', e.workspace_id,
    'team', jsonb_build_object('id', p.id, 'name', p.name),
    'sha', j.submission_sha, 'archiveSha256', j.archive_sha256,
    'archiveName', 'submission-' || left(j.submission_sha, 12) || '.tar.gz',
    'repository', repo.full_name,
    'templateSha', repo.template_sha,
    'showcase', jsonb_build_object('product', et.product_name, 'tagline', et.tagline, 'description', et.description),
    'roster', roster,
    'window', jsonb_build_object('startsAt', app_private.iso(e.starts_at), 'freezeAt', app_private.iso(e.freeze_at)),
    'template', app_private.deck_template_json(t));
end;
$function$;

comment on function app_private.generation_job_begin(p_job uuid) is 'Worker: marks a generation job running (attempts + 1) and answers what it generates from (with the team''s showcase, the template revision and the team''s roster names keyed by the hash of their normalized address); null when it is finished or its deck is already published.';
revoke all on function app_private.generation_job_begin(p_job uuid) from public;
