-- Generated decks, part 2: list, show, review, release and the gallery (issue 16; spec
-- States "Generated decks", `decks list|show <deckId>|review|release|gallery`).
--
-- Review: pending -> approved | rejected, and back again, by an organizer while the vote
-- section is on; a released deck pinned by the vote (app_private.generated_content_pinned)
-- cannot be rejected (content_pinned); rejecting a released deck that is not pinned takes it
-- out of the gallery (release `not released`).
-- Release: per kind, the newest approved deck of the current frozen evidence becomes
-- `released`, the one released before it `superseded` (content_pinned when the vote pinned
-- it). not_approved when a kind has neither a released nor an approved deck of the current
-- evidence, or its newest deck awaits review; evidence_replaced when the approved or released
-- decks of a kind are of evidence that is no longer the team's frozen submission.
-- Gallery state of a team's kind, for organizers (for every other role: `released vN` or
-- `pending`):
--   released  the released deck (with evidenceChanged when it is not of the current evidence)
--   generating  a job of the newest run for it is pending or running
--   failed  its newest job failed and no deck came after it
--   none  no deck yet
--   invalidated  its decks were invalidated by an exception (--invalidate-decks)
--   evidence_changed  its decks are of evidence that is no longer the frozen submission
--   review  its newest deck of the current evidence awaits review (or was rejected, with none approved)
--   pending  an approved deck awaits decks release

create function app_private.generated_deck_json(g app_private.generated_decks, p_full boolean) returns jsonb
  language sql stable set search_path = '' as $$
  select jsonb_build_object('id', g.id, 'team', jsonb_build_object('id', p.id, 'name', p.name), 'kind', g.kind,
    'version', g.version, 'revision', g.revision,
    'template', jsonb_build_object('name', g.template, 'schemaVersion', g.schema_version, 'screens', jsonb_build_object('min', g.min_screens, 'max', g.max_screens)),
    'generator', g.generator, 'sha', g.submission_sha,
    'evidence', jsonb_build_object('name', 'submission-' || left(g.submission_sha, 12) || '.tar.gz', 'sha256', g.archive_sha256),
    'review', g.review, 'reviewedAt', app_private.iso(g.reviewed_at),
    'release', g.release, 'releasedAt', app_private.iso(g.released_at),
    'invalidated', g.invalidated_at is not null, 'invalidatedAt', app_private.iso(g.invalidated_at),
    'evidenceChanged', g.archive_sha256 is distinct from s.archive_sha256,
    'presentationId', g.deck_id, 'viewKey', g.job_id,
    'findings', g.findings, 'screens', g.screens, 'createdAt', app_private.iso(g.created_at))
    || case when p_full then jsonb_build_object('reviewNote', g.review_note) else '{}' end
  from app.projects p left join app.submissions s on s.project_id = p.id and s.state = 'frozen'
  where p.id = g.project_id
$$;
comment on function app_private.generated_deck_json(app_private.generated_decks, boolean) is
  'A generated deck on the wire. viewKey names the read-only share link the API composes (its secret is derived server-side).';

-- The gallery state of one team's kind (see the file header).
create function app_private.generated_kind_state(p_project uuid, p_kind text, p_full boolean) returns jsonb
  language plpgsql stable set search_path = '' as $$
declare
  cur text := (select s.archive_sha256 from app.submissions s where s.project_id = p_project and s.state = 'frozen');
  rel app_private.generated_decks;
  newest app_private.generated_decks;
  cur_newest app_private.generated_decks;
  job app_private.generation_jobs;
  state text;
begin
  select * into rel from app_private.generated_decks g where g.project_id = p_project and g.kind = p_kind and g.release = 'released';
  if rel.id is not null then
    return jsonb_build_object('state', 'released', 'version', rel.version, 'deckId', rel.id, 'viewKey', rel.job_id,
      'evidenceChanged', rel.archive_sha256 is distinct from cur);
  end if;
  if not p_full then
    return jsonb_build_object('state', 'pending');
  end if;
  select * into job from app_private.generation_jobs j
   where j.project_id = p_project and j.kind = p_kind and j.status <> 'skipped' order by j.created_at desc, j.id desc limit 1;
  select * into newest from app_private.generated_decks g
   where g.project_id = p_project and g.kind = p_kind order by g.created_at desc, g.version desc limit 1;
  select * into cur_newest from app_private.generated_decks g
   where g.project_id = p_project and g.kind = p_kind and g.archive_sha256 = cur and g.invalidated_at is null
   order by g.created_at desc, g.version desc limit 1;
  state := case
    when job.status in ('pending', 'running') then 'generating'
    when job.status = 'failed' and (newest.id is null
      or (select j2.created_at from app_private.generation_jobs j2 where j2.id = newest.job_id) < job.created_at) then 'failed'
    when newest.id is null then 'none'
    when cur_newest.id is null and newest.invalidated_at is not null then 'invalidated'
    when cur_newest.id is null then 'evidence_changed'
    when cur_newest.review = 'pending' then 'review'
    when exists (select 1 from app_private.generated_decks g where g.project_id = p_project and g.kind = p_kind
                  and g.archive_sha256 = cur and g.invalidated_at is null and g.review = 'approved') then 'pending'
    else 'review'
  end;
  return jsonb_build_object('state', state, 'version', coalesce(cur_newest.version, newest.version), 'deckId', coalesce(cur_newest.id, newest.id));
end;
$$;
comment on function app_private.generated_kind_state(uuid, text, boolean) is
  'The gallery state word of a team''s jury or community deck (organizers see every word, other roles released or pending).';

-- decks gallery: every roster role, whatever the vote section says.
create function app.deck_gallery() returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
  full_view boolean;
begin
  ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer', 'jury']);
  full_view := ctx.role = 'organizer';
  return jsonb_build_object('role', ctx.role, 'voteSection', (select case when e.vote_section then 'on' else 'off' end from app.events e where e.id = ctx.event_id),
    'items', coalesce((select jsonb_agg(jsonb_build_object('team', jsonb_build_object('id', p.id, 'name', p.name),
                         'jury', app_private.generated_kind_state(p.id, 'jury', full_view),
                         'community', app_private.generated_kind_state(p.id, 'community', full_view)) order by lower(p.name), p.id)
                         from app.event_teams t join app.projects p on p.id = t.project_id
                        where t.event_id = ctx.event_id and t.left_at is null), '[]'));
end;
$$;
comment on function app.deck_gallery() is
  'decks gallery: per team the state of its jury and community decks; participants, advisors and jury viewers see released vN or pending. Works whatever the vote section says.';
grant execute on function app.deck_gallery() to podium_app;

-- decks list: every generated deck of the event, every version (organizer).
create function app.generated_decks_list() returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  perform app_private.require_vote_on(ctx.event_id);
  return jsonb_build_object('items', coalesce((
    select jsonb_agg(jsonb_build_object('id', g.id, 'team', jsonb_build_object('id', p.id, 'name', p.name), 'kind', g.kind,
             'version', g.version, 'revision', g.revision, 'review', g.review, 'release', g.release,
             'invalidated', g.invalidated_at is not null, 'evidenceChanged', g.archive_sha256 is distinct from s.archive_sha256,
             'findings', jsonb_array_length(g.findings), 'createdAt', app_private.iso(g.created_at))
             order by lower(p.name), p.id, g.kind = 'community', g.version desc)
      from app_private.generated_decks g join app.projects p on p.id = g.project_id
      left join app.submissions s on s.project_id = g.project_id and s.state = 'frozen'
     where g.event_id = ctx.event_id), '[]'));
end;
$$;
comment on function app.generated_decks_list() is 'decks list: every generated deck of the event, every version, with review and release (organizer; vote section on).';
grant execute on function app.generated_decks_list() to podium_app;

-- decks show <deckId>: organizers any deck; other roles a released deck only.
create function app.generated_deck(p_deck uuid) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
  g app_private.generated_decks;
begin
  ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer', 'jury']);
  perform app_private.require_vote_on(ctx.event_id);
  select * into g from app_private.generated_decks x where x.id = p_deck and x.event_id = ctx.event_id;
  if g.id is null or (ctx.role <> 'organizer' and g.release <> 'released') then
    perform app_private.fail('deck_not_found', 'No such generated deck in this event; decks list shows them', jsonb_build_object('deckId', p_deck));
  end if;
  return app_private.generated_deck_json(g, ctx.role = 'organizer');
end;
$$;
comment on function app.generated_deck(uuid) is
  'decks show <deckId>: team, kind, version, template, review, release, findings, screens and claims (organizers: any deck; others: released decks). deck_not_found otherwise.';
grant execute on function app.generated_deck(uuid) to podium_app;

-- decks review <deckId> --approve|--reject [--note]
create function app.review_generated_deck(p_deck uuid, p_approve boolean, p_note text default null) returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
  g app_private.generated_decks;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  perform app_private.require_vote_on(ctx.event_id);
  if p_approve is null then
    perform app_private.fail('invalid_input', 'Say approve or reject', '{"field":"decision"}');
  end if;
  select * into g from app_private.generated_decks x where x.id = p_deck and x.event_id = ctx.event_id for update;
  if g.id is null then
    perform app_private.fail('deck_not_found', 'No such generated deck in this event; decks list shows them', jsonb_build_object('deckId', p_deck));
  end if;
  if not p_approve and g.release = 'released' and app_private.generated_content_pinned(ctx.event_id) then
    perform app_private.fail('content_pinned', format('The %s deck v%s is released and the vote pinned it: it cannot be rejected', g.kind, g.version),
      jsonb_build_object('deckId', g.id));
  end if;
  update app_private.generated_decks x
     set review = case when p_approve then 'approved' else 'rejected' end,
         review_note = nullif(trim(p_note), ''), reviewed_by = ctx.user_id, reviewed_at = app.now(),
         release = case when not p_approve and x.release = 'released' then 'not released' else x.release end
   where x.id = g.id returning * into g;
  return app_private.generated_deck_json(g, true);
end;
$$;
comment on function app.review_generated_deck(uuid, boolean, text) is
  'decks review: approve or reject a generated deck (organizer; vote section on). A released deck pinned by the vote cannot be rejected (content_pinned).';
grant execute on function app.review_generated_deck(uuid, boolean, text) to podium_app;

-- decks release <projectId>
create function app.release_generated_decks(p_project uuid) returns jsonb
  language plpgsql volatile security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
  cur text;
  k text;
  rel app_private.generated_decks;
  newest app_private.generated_decks;
  cand app_private.generated_decks;
  released jsonb := '[]';
  superseded jsonb := '[]';
  unchanged jsonb := '[]';
  team_name text;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  perform app_private.require_vote_on(ctx.event_id);
  select p.name into team_name from app.event_teams t join app.projects p on p.id = t.project_id
   where t.project_id = p_project and t.event_id = ctx.event_id;
  if team_name is null then
    perform app_private.fail('project_not_found', 'No such team in this event', jsonb_build_object('projectId', p_project));
  end if;
  -- One release at a time per team.
  perform 1 from app.event_teams t where t.project_id = p_project for update;
  cur := (select s.archive_sha256 from app.submissions s where s.project_id = p_project and s.state = 'frozen');
  foreach k in array array['jury', 'community'] loop
    rel := null; newest := null; cand := null;
    select * into rel from app_private.generated_decks g where g.project_id = p_project and g.kind = k and g.release = 'released';
    select * into newest from app_private.generated_decks g
     where g.project_id = p_project and g.kind = k and g.archive_sha256 = cur and g.invalidated_at is null
     order by g.created_at desc, g.version desc limit 1;
    if newest.id is null then
      if exists (select 1 from app_private.generated_decks g where g.project_id = p_project and g.kind = k
                  and (g.review = 'approved' or g.release = 'released') and g.invalidated_at is null) then
        perform app_private.fail('evidence_replaced',
          format('The %s deck of %s was made from evidence that is no longer its frozen submission: generate again (decks generate)', k, team_name),
          jsonb_build_object('kind', k, 'projectId', p_project));
      end if;
      perform app_private.fail('not_approved', format('%s has no approved %s deck of its current evidence to release', team_name, k),
        jsonb_build_object('kind', k, 'projectId', p_project));
    end if;
    if newest.review = 'pending' then
      perform app_private.fail('not_approved', format('The newest %s deck of %s (v%s) awaits review: decks review %s --approve', k, team_name, newest.version, newest.id),
        jsonb_build_object('kind', k, 'projectId', p_project, 'deckId', newest.id));
    end if;
    select * into cand from app_private.generated_decks g
     where g.project_id = p_project and g.kind = k and g.archive_sha256 = cur and g.invalidated_at is null and g.review = 'approved'
     order by g.created_at desc, g.version desc limit 1;
    if cand.id is null then
      perform app_private.fail('not_approved', format('%s has no approved %s deck of its current evidence to release', team_name, k),
        jsonb_build_object('kind', k, 'projectId', p_project));
    end if;
    if cand.id = rel.id then
      unchanged := unchanged || jsonb_build_object('kind', k, 'id', cand.id, 'version', cand.version);
      continue;
    end if;
    if rel.id is not null and app_private.generated_content_pinned(ctx.event_id) then
      perform app_private.fail('content_pinned', format('The released %s deck v%s of %s is pinned by the vote: it cannot be superseded', k, rel.version, team_name),
        jsonb_build_object('kind', k, 'deckId', rel.id));
    end if;
    if rel.id is not null then
      update app_private.generated_decks x set release = 'superseded' where x.id = rel.id;
      superseded := superseded || jsonb_build_object('kind', k, 'id', rel.id, 'version', rel.version);
    end if;
    update app_private.generated_decks x set release = 'released', released_at = app.now() where x.id = cand.id;
    released := released || jsonb_build_object('kind', k, 'id', cand.id, 'version', cand.version, 'viewKey', cand.job_id);
  end loop;
  return jsonb_build_object('team', jsonb_build_object('id', p_project, 'name', team_name),
    'released', released, 'superseded', superseded, 'unchanged', unchanged);
end;
$$;
comment on function app.release_generated_decks(uuid) is
  'decks release: releases the newest approved deck of each kind of the team''s current frozen evidence; the older release becomes superseded (organizer; vote section on). not_approved, content_pinned, evidence_replaced.';
grant execute on function app.release_generated_decks(uuid) to podium_app;
