-- Publishes a generated deck as the next version of the team's kind deck in the deck
-- service, with a read-only share link pinned to that version, in one transaction keyed on
-- the job: a second call for the same job answers the deck published by the first.
-- p_deck: { title, entry, files: [{ path, sha256, size }], screens, findings, generator }
-- (blobs already stored and verified by the worker); p_token_hash: sha256 of the link secret.

CREATE OR REPLACE FUNCTION app_private.publish_generated_deck(p_job uuid, p_deck jsonb, p_token_hash bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  j app_private.generation_jobs;
  e app.events;
  p app.projects;
  t app_private.deck_templates;
  owner uuid;
  d app.decks;
  v app.deck_versions;
  l app.share_links;
  g app_private.generated_decks;
  files jsonb := p_deck -> 'files';
begin
  select * into j from app_private.generation_jobs x where x.id = p_job for update;
  if j.id is null then
    raise exception 'publish_generated_deck: no job %', p_job;
  end if;
  select * into g from app_private.generated_decks x where x.job_id = j.id;
  if g.id is not null then
    return jsonb_build_object('id', g.id, 'deckId', g.deck_id, 'version', g.version, 'created', false);
  end if;
  select * into e from app.events x where x.id = j.event_id;
  select * into p from app.projects x where x.id = j.project_id;
  select * into t from app_private.deck_templates x where x.kind = j.kind;
  -- The deck belongs to the workspace; its owner is the organizer who started the run (else
  -- the workspace's first owner), so workspace owners and admins, and that organizer, see it.
  select coalesce(
    (select r.created_by from app_private.generation_runs r
       join app.memberships m on m.user_id = r.created_by and m.workspace_id = e.workspace_id where r.id = j.run_id),
    (select m.user_id from app.memberships m where m.workspace_id = e.workspace_id and m.role = 'owner' order by m.created_at, m.user_id limit 1))
  into owner;

  insert into app_private.blobs (sha256, size)
  select f.sha256, f.size from jsonb_to_recordset(files) as f (path text, sha256 text, size bigint)
  on conflict (sha256) do nothing;
  insert into app_private.workspace_blobs (workspace_id, sha256)
  select distinct e.workspace_id, f.sha256 from jsonb_to_recordset(files) as f (path text, sha256 text, size bigint)
  on conflict do nothing;

  select d2.* into d from app_private.generated_deck_targets gt join app.decks d2 on d2.id = gt.deck_id
   where gt.project_id = p.id and gt.kind = j.kind and d2.deleted_at is null
   for update of d2;
  if d.id is null then
    insert into app.decks (workspace_id, owner_id, title, kind, metadata, current_version, created_at, updated_at)
    values (e.workspace_id, owner, left(p.name || case when j.kind = 'jury' then ' - jury deck' else ' - community deck' end, 200), 'presentation',
            jsonb_build_object('generated', jsonb_build_object('kind', j.kind, 'projectId', p.id, 'eventId', e.id)), 0, app.now(), app.now())
    returning * into d;
    insert into app_private.generated_deck_targets (project_id, kind, deck_id) values (p.id, j.kind, d.id)
    on conflict (project_id, kind) do update set deck_id = excluded.deck_id;
  end if;
  update app.decks x set current_version = x.current_version + 1, updated_at = app.now() where x.id = d.id returning * into d;
  v := app_private.write_version(d.id, d.current_version, p_deck ->> 'entry', files);

  insert into app.share_links (deck_id, name, pinned_version, show_bar, can_download, forms_enabled, expires_at, has_password, counts_nothing, created_by, created_at)
  values (d.id, format('Gallery view v%s', v.number), v.number, false, false, false, null, false, false, owner, app.now())
  returning * into l;
  insert into app_private.share_link_secrets (link_id, token_hash) values (l.id, p_token_hash);

  insert into app_private.generated_decks (event_id, project_id, kind, job_id, revision, deck_id, version, link_id, template, schema_version,
    min_screens, max_screens, generator, submission_sha, archive_sha256, screens, findings, created_at, invalidated_at)
  values (e.id, p.id, j.kind, j.id, j.revision, d.id, v.number, l.id, t.name, t.schema_version, t.min_screens, t.max_screens,
    p_deck ->> 'generator', j.submission_sha, j.archive_sha256, p_deck -> 'screens', coalesce(p_deck -> 'findings', '[]'), app.now(),
    -- an exception with --invalidate-decks recorded while this job ran invalidates its deck too
    (select max(se.at) from app.submission_exceptions se where se.project_id = p.id and se.invalidate_decks and se.at >= j.created_at))
  returning * into g;
  update app_private.generation_jobs x set status = 'review', finished_at = app.now(), last_error = null,
    log = x.log || format(E'%s published %s deck v%s (%s findings)\n', app_private.iso(app.now()), j.kind, v.number, jsonb_array_length(g.findings))
   where x.id = j.id;
  return jsonb_build_object('id', g.id, 'deckId', d.id, 'version', v.number, 'created', true);
end;
$function$;

comment on function app_private.publish_generated_deck(p_job uuid, p_deck jsonb, p_token_hash bytea) is 'Worker: publishes a job''s deck as the next version of the team''s kind deck, with a read-only share link pinned to it (once per job).';
revoke all on function app_private.publish_generated_deck(p_job uuid, p_deck jsonb, p_token_hash bytea) from public;
