-- A NULL refuses (issue 26, finding 1). app.file_info (000085) let anyone in the workspace
-- without a roster role read every team's evidence archive: `readable` was NULL for them and
-- `if not readable` does not fire on NULL. The class: every negated condition in a stored
-- function body (`if|elsif|while|when|where|and|or not <expr>`) that could be NULL is
-- rewritten to say what NULL does:
--   <expr> is not true   NULL refuses (checks, guards, anything that lets a caller through);
--   <expr> is false      a filter that already dropped NULL rows (a WHERE keeps NULL out),
--                        spelled out so the reader sees it (no behaviour change).
-- Each function below is re-created from its latest definition (pg_get_functiondef of the
-- migrated template before this file); only those conditions changed.
-- test/sql/null-refusal-catalogue.test.ts keeps it that way over every app/app_private body.
-- Behaviour changes (each a NULL that used to pass): app.file_info (archives: organizer or
-- that team's participant only), app.set_team_deck_links (a link whose host cannot be read is
-- refused), app_private.not_a_voter_reason (included NULL reads as excluded).

CREATE OR REPLACE FUNCTION app.commit_deck_version(p_deck uuid, p_base integer, p_manifest jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  v app.deck_versions;
  ws uuid;
  files jsonb := p_manifest -> 'files';
  entry text := p_manifest ->> 'entry';
  bad record;
  missing jsonb;
begin
  perform app_private.require_scope('presentations:write');
  if jsonb_typeof(files) is distinct from 'array' or jsonb_array_length(files) = 0 or jsonb_array_length(files) > 20000 then
    perform app_private.fail('invalid_input', 'files must list 1 to 20000 files', jsonb_build_object('field', 'files'));
  end if;
  select f.path into bad from jsonb_to_recordset(files) as f (path text, sha256 text, size bigint)
   where app_private.manifest_path_ok(f.path) is not true or f.sha256 !~ '^[0-9a-f]{64}$' or f.size is null or f.size < 0 limit 1;
  if found then
    perform app_private.fail('invalid_path', format('Manifest path %s is refused', bad.path), jsonb_build_object('field', 'files', 'path', bad.path));
  end if;
  if (select count(distinct f.path) from jsonb_to_recordset(files) as f (path text)) <> jsonb_array_length(files) then
    perform app_private.fail('invalid_input', 'A path appears twice in the manifest', jsonb_build_object('field', 'files'));
  end if;
  if not exists (select 1 from jsonb_to_recordset(files) as f (path text) where f.path = entry) or entry like 'downloads/%' then
    perform app_private.fail('invalid_entry', format('The entry %s is not one of the files (attachments under downloads/ cannot be the entry)', entry), jsonb_build_object('field', 'entry'));
  end if;

  if p_deck is null then
    ws := app_private.require_deck_creator();
  else
    d := app_private.deck_for(p_deck, array['owner', 'admin'], true);
    ws := d.workspace_id;
    if p_base is distinct from d.current_version then
      perform app_private.fail('version_conflict',
        format('The deck is at version %s, not %s: another push committed first; pull or push again on top of it', d.current_version, coalesce(p_base::text, 'none')),
        jsonb_build_object('currentVersion', d.current_version, 'baseVersion', p_base));
    end if;
  end if;

  -- Every blob must be this workspace's, with the declared size.
  select coalesce(jsonb_agg(distinct f.sha256), '[]') into missing
    from jsonb_to_recordset(files) as f (path text, sha256 text, size bigint)
    left join app_private.workspace_blobs wb on wb.workspace_id = ws and wb.sha256 = f.sha256
    left join app_private.blobs b on b.sha256 = wb.sha256
   where b.sha256 is null;
  if jsonb_array_length(missing) > 0 then
    perform app_private.fail('blob_missing', format('%s blob(s) named by the manifest were never uploaded: precheck and upload them first', jsonb_array_length(missing)),
      jsonb_build_object('missing', missing));
  end if;
  select f.path into bad from jsonb_to_recordset(files) as f (path text, sha256 text, size bigint)
    join app_private.blobs b on b.sha256 = f.sha256 where b.size <> f.size limit 1;
  if found then
    perform app_private.fail('blob_mismatch', format('The size declared for %s differs from its blob', bad.path), jsonb_build_object('path', bad.path));
  end if;

  if p_deck is null then
    insert into app.decks (workspace_id, owner_id, title, kind, interactive, metadata, current_version, created_at, updated_at)
    values (ws, app.current_user_id(), coalesce(p_manifest ->> 'title', 'Untitled deck'), coalesce(p_manifest ->> 'kind', 'presentation'),
            coalesce((p_manifest ->> 'interactive')::boolean, false), coalesce(p_manifest -> 'metadata', '{}'), 1, app.now(), app.now())
    returning * into d;
  else
    update app.decks x set current_version = d.current_version + 1, updated_at = app.now(),
      title = coalesce(p_manifest ->> 'title', x.title), kind = coalesce(p_manifest ->> 'kind', x.kind),
      interactive = coalesce((p_manifest ->> 'interactive')::boolean, x.interactive), metadata = coalesce(p_manifest -> 'metadata', x.metadata)
    where x.id = d.id returning * into d;
  end if;
  v := app_private.write_version(d.id, d.current_version, entry, files);
  return jsonb_build_object('presentation', app_private.deck_json(d), 'version', v.number,
    'attachments', case when v.attachment_count > 0 then jsonb_build_object('count', v.attachment_count, 'sizeBytes', v.attachment_bytes) end);
end;
$function$
;

CREATE OR REPLACE FUNCTION app.configure_event(p_expected_version integer, p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ws uuid := app.current_workspace_id();
  now_ timestamptz := app.now();
  e app.events;
  phase text;
  reason text := nullif(trim(p_reason), '');
  exempt boolean;
begin
  perform app_private.require_scope('hackathon:write');
  select * into e from app.events x where x.workspace_id = ws for update;
  if e.id is null then
    if not exists (select 1 from app.memberships m where m.workspace_id = ws and m.user_id = app.current_user_id() and m.role in ('owner', 'admin')) then
      perform app_private.fail('insufficient_event_role', 'An event organizer is needed for this: a workspace owner or admin creates the event',
        jsonb_build_object('needed', jsonb_build_array('organizer')));
    end if;
    if p_expected_version <> 0 then
      perform app_private.fail('version_conflict', format('There is no event yet (version 0); pass --expected-version 0 to create it, not %s', p_expected_version),
        jsonb_build_object('currentVersion', 0, 'expectedVersion', p_expected_version));
    end if;
    perform app_private.check_event_config(p_name, p_timezone, p_starts_at, p_build_ends_at, p_vote_opens_at, p_vote_closes_at, p_reason);
    insert into app.events (workspace_id, name, timezone, starts_at, build_ends_at, vote_opens_at, vote_closes_at, never_run)
    values (ws, trim(p_name), p_timezone, p_starts_at, p_build_ends_at,
            p_vote_opens_at, p_vote_closes_at, p_starts_at <= now_)
    returning * into e;
    return jsonb_build_object('created', true, 'event', app_private.event_json(e));
  end if;

  perform app_private.require_event_role(array['organizer']);
  if p_expected_version <> e.version then
    perform app_private.fail('version_conflict', format('The event is at version %s, not %s; pass --expected-version %s', e.version, p_expected_version, e.version),
      jsonb_build_object('currentVersion', e.version, 'expectedVersion', p_expected_version));
  end if;
  perform app_private.check_event_config(p_name, p_timezone, p_starts_at, p_build_ends_at, p_vote_opens_at, p_vote_closes_at, p_reason);
  if e.voting_opened_at is not null then
    perform app_private.fail('vote_window_locked', 'Voting was opened: the schedule can no longer change');
  end if;

  phase := app.events_phase(e);
  exempt := e.never_run and e.roster_locked_at is null and e.frozen_at is null;
  if phase <> 'scheduled' and exempt is not true then
    if phase = 'closed' then
      perform app_private.fail('event_closed', format('The event froze at %s; its schedule can no longer change', app_private.iso(e.freeze_at)));
    end if;
    if p_starts_at <> e.starts_at then
      perform app_private.fail('event_started', format('The event started at %s; its start can no longer change', app_private.iso(e.starts_at)));
    end if;
    if p_build_ends_at <> e.build_ends_at then
      if app_private.freeze_of(p_build_ends_at) <= now_ then
        perform app_private.fail('build_end_past', format('A build end of %s puts the freeze (%s) in the past',
          app_private.iso(p_build_ends_at), app_private.iso(app_private.freeze_of(p_build_ends_at))));
      end if;
      if reason is null then
        perform app_private.fail('reason_required', 'Moving the build end of a running event needs a reason (--reason); every participant sees it');
      end if;
      insert into app.event_notices (event_id, at, reason, previous_build_ends_at, build_ends_at)
      values (e.id, now_, reason, e.build_ends_at, p_build_ends_at);
    end if;
  elsif p_starts_at <= now_ or p_build_ends_at <= now_ then
    perform app_private.fail('starts_past', format('Start and build end must be ahead of now (%s)', app_private.iso(now_)),
      jsonb_build_object('field', case when p_starts_at <= now_ then 'startsAt' else 'buildEndsAt' end));
  end if;

  update app.events x set name = trim(p_name), timezone = p_timezone, starts_at = p_starts_at, build_ends_at = p_build_ends_at,
    vote_opens_at = p_vote_opens_at, vote_closes_at = p_vote_closes_at,
    version = x.version + 1, updated_at = now_,
    never_run = x.never_run and p_starts_at <= now_
  where x.id = e.id
  returning * into e;
  return jsonb_build_object('created', false, 'event', app_private.event_json(e));
end;
$function$
;

CREATE OR REPLACE FUNCTION app.file_info(p_file uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  f app_private.files;
  ctx app_private.event_ctx;
  readable boolean := false;
  scope text;
  ws text := (select w.name from app.workspaces w where w.id = app.current_workspace_id());
begin
  perform app_private.require_scope('hackathon:read', 'presentations:read');
  select * into f from app_private.files x where x.id = p_file and x.workspace_id = app.current_workspace_id();
  if f.id is not null then
    if f.kind = 'submission_archive' then
      ctx := app_private.event_ctx_or_null();
      -- The artifact route's rule (app.submission_show): an organizer, or a participant of
      -- that team. A caller with no roster role (a guest, a member off the roster, a removed
      -- participant) has ctx.role NULL: the comparison is NULL and NULL refuses below.
      readable := exists (select 1 from app.event_teams t where t.project_id = f.project_id and t.event_id = ctx.event_id)
        and (ctx.role = 'organizer' or (ctx.role = 'participant' and ctx.team_id = f.project_id));
      scope := 'hackathon:read';
    else
      readable := app_private.deck_role(f.deck_id) is not null;
      scope := case f.kind when 'deck_file' then 'presentations:read' end;
    end if;
  end if;
  if readable is not true then
    perform app_private.fail('file_not_found',
      format('No file %s in workspace %s, or it is not yours to read', p_file, coalesce(ws, '(none)')),
      jsonb_build_object('fileId', p_file, 'workspaceId', app.current_workspace_id(), 'workspace', ws));
  end if;
  if scope is not null then
    perform app_private.require_scope(scope);
  end if;
  return jsonb_build_object('id', f.id, 'kind', f.kind, 'name', f.name, 'sha256', f.sha256, 'size', f.size,
    'createdAt', app_private.iso(f.created_at), 'workspaceId', f.workspace_id,
    'source', case when f.kind = 'submission_archive' then jsonb_build_object('projectId', f.project_id)
                   else jsonb_build_object('deckId', f.deck_id, 'version', f.version, 'path', f.path) end);
end;
$function$
;

CREATE OR REPLACE FUNCTION app.list_team_members(p_team text, p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.teams;
begin
  perform app_private.require_scope('hackathon:read');
  if app_private.is_member_of(app.current_workspace_id()) is not true then
    perform app_private.fail('workspace_not_found', 'You act in no workspace of yours');
  end if;
  t := app_private.workspace_team(p_team);
  return coalesce((
    select jsonb_agg(jsonb_build_object('userId', x.user_id, 'email', x.email, 'name', x.name, 'addedAt', app_private.iso(x.added_at))
             order by x.added_at desc, x.user_id desc) from (
      select m.user_id, m.added_at, u.email, u.name from app.team_members m join app.users u on u.id = m.user_id
      where m.team_id = t.id and (p_before_at is null or (m.added_at, m.user_id) < (p_before_at, p_before_id))
      order by m.added_at desc, m.user_id desc limit p_limit) x), '[]');
end;
$function$
;

CREATE OR REPLACE FUNCTION app.list_teams(p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('hackathon:read');
  if app_private.is_member_of(app.current_workspace_id()) is not true then
    perform app_private.fail('workspace_not_found', 'You act in no workspace of yours');
  end if;
  return coalesce((
    select jsonb_agg(app_private.team_json(x) order by x.created_at desc, x.id desc) from (
      select t.* from app.teams t
      where t.workspace_id = app.current_workspace_id() and (p_before_at is null or (t.created_at, t.id) < (p_before_at, p_before_id))
      order by t.created_at desc, t.id desc limit p_limit) x), '[]');
end;
$function$
;

CREATE OR REPLACE FUNCTION app.review_generated_deck(p_deck uuid, p_approve boolean, p_note text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  if p_approve is not true and g.release = 'released' and app_private.generated_content_pinned(ctx.event_id) then
    perform app_private.fail('content_pinned', format('The %s deck v%s is released and the vote pinned it: it cannot be rejected', g.kind, g.version),
      jsonb_build_object('deckId', g.id));
  end if;
  update app_private.generated_decks x
     set review = case when p_approve then 'approved' else 'rejected' end,
         review_note = nullif(trim(p_note), ''), reviewed_by = ctx.user_id, reviewed_at = app.now(),
         release = case when p_approve is not true and x.release = 'released' then 'not released' else x.release end
   where x.id = g.id returning * into g;
  return app_private.generated_deck_json(g, true);
end;
$function$
;

CREATE OR REPLACE FUNCTION app.set_team_deck_links(p_team text, p_patch jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  t app.event_teams;
  k text;
  v text;
  hosts text[] := string_to_array(lower(coalesce(current_setting('podium.deck_link_hosts', true), '')), ',');
begin
  perform app_private.require_scope('hackathon:write');
  ctx := app_private.event_ctx();
  t := app_private.event_team_for(p_team, true);
  for k in select jsonb_object_keys(p_patch) loop
    if k not in ('demo', 'pitch', 'vote') then
      perform app_private.fail('invalid_input', format('%s is not a known field', k), jsonb_build_object('field', k));
    end if;
    if jsonb_typeof(p_patch -> k) = 'null' then
      continue;
    end if;
    v := p_patch ->> k;
    if jsonb_typeof(p_patch -> k) <> 'string' or length(v) > 500 or v !~ '^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?/v/[A-Za-z0-9_-]+/$' then
      perform app_private.fail('invalid_deck_link', format('%s must be a share link https://<host>/v/<token>/', k), jsonb_build_object('field', k));
    end if;
    if (lower(substring(v from '^https://([^/]+)/')) = any (hosts)) is not true then
      perform app_private.fail('invalid_deck_link', format('%s: this instance does not allow deck links on %s', k, substring(v from '^https://([^/]+)/')),
        jsonb_build_object('field', k, 'allowedHosts', to_jsonb(array_remove(hosts, ''))));
    end if;
  end loop;
  if p_patch ? 'vote' and ctx.role = 'participant'
     and exists (select 1 from app.events e where e.id = ctx.event_id and e.voting_opened_at is not null) then
    perform app_private.fail('vote_link_frozen', 'Voting has opened: the vote link is frozen; an organizer may replace it');
  end if;
  update app.event_teams x set
    demo_link = case when p_patch ? 'demo' then p_patch ->> 'demo' else x.demo_link end,
    pitch_link = case when p_patch ? 'pitch' then p_patch ->> 'pitch' else x.pitch_link end,
    vote_link = case when p_patch ? 'vote' then p_patch ->> 'vote' else x.vote_link end,
    updated_at = app.now()
  where x.project_id = t.project_id returning * into t;
  return app_private.deck_links_json(t);
end;
$function$
;

CREATE OR REPLACE FUNCTION app.set_team_showcase(p_team text, p_patch jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.event_teams;
  k text;
  v text;
  caps constant jsonb := '{"product": 24, "tagline": 140, "description": 4000}';
begin
  perform app_private.require_scope('hackathon:write');
  t := app_private.event_team_for(p_team, true);
  for k in select jsonb_object_keys(p_patch) loop
    if (caps ? k) is not true then
      perform app_private.fail('invalid_input', format('%s is not a known field', k), jsonb_build_object('field', k));
    end if;
    if jsonb_typeof(p_patch -> k) not in ('string', 'null') then
      perform app_private.fail('invalid_input', format('%s must be text or null', k), jsonb_build_object('field', k));
    end if;
    v := replace(p_patch ->> k, E'\r\n', E'\n');
    if length(v) > (caps ->> k)::int then
      perform app_private.fail('invalid_input', format('%s must be at most %s characters', k, caps ->> k), jsonb_build_object('field', k));
    end if;
    if (k <> 'description' and v ~ '[[:cntrl:]]') or v ~ '[\x01-\x08\x0b-\x1f\x7f]' then
      perform app_private.fail('invalid_input', format('%s must be plain text%s', k, case when k = 'description' then '' else ' on one line' end),
        jsonb_build_object('field', k));
    end if;
  end loop;
  update app.event_teams x set
    product_name = case when p_patch ? 'product' then nullif(p_patch ->> 'product', '') else x.product_name end,
    tagline = case when p_patch ? 'tagline' then nullif(p_patch ->> 'tagline', '') else x.tagline end,
    description = case when p_patch ? 'description' then nullif(replace(p_patch ->> 'description', E'\r\n', E'\n'), '') else x.description end,
    updated_at = app.now()
  where x.project_id = t.project_id returning * into t;
  return jsonb_build_object('team', app_private.team_ref_json(t.project_id), 'product', t.product_name, 'tagline', t.tagline, 'description', t.description);
end;
$function$
;

CREATE OR REPLACE FUNCTION app.show_help_request(p_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
  r app.help_requests;
begin
  select * into r from app.help_requests x where x.id = p_id and x.event_id = ctx.event_id;
  if r.id is null or (ctx.role in ('organizer', 'advisor') or r.team_id = ctx.team_id) is not true then
    perform app_private.fail('request_not_found', format('There is no help request %s you may see in this event', p_id), jsonb_build_object('requestId', p_id));
  end if;
  return app_private.help_request_json(r);
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.authenticate(p_key_hash bytea, p_session_hash bytea, p_workspace uuid, p_org text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  k app_private.api_keys;
  s app_private.sessions;
  d app_private.demo_passes;
  u app.users;
  pin uuid;
  ws jsonb;
begin
  if p_key_hash is not null then
    select * into k from app_private.api_keys x where x.token_hash = p_key_hash;
    if k.id is null or k.revoked_at is not null or (k.expires_at is not null and k.expires_at <= app.now()) then
      return null;
    end if;
    select * into u from app.users x where x.id = k.user_id;
    pin := k.workspace_id;
  elsif p_session_hash is not null then
    select * into s from app_private.sessions x where x.token_hash = p_session_hash;
    if s.id is null or s.expires_at <= app.now() then
      return null;
    end if;
    if s.demo_pass_id is not null then
      select * into d from app_private.demo_passes x where x.id = s.demo_pass_id;
      if app_private.demo_pass_acts(d) is not true then
        return null;
      end if;
      pin := d.workspace_id;
    end if;
    select * into u from app.users x where x.id = s.user_id;
  else
    return null;
  end if;
  ws := app_private.resolve_workspace(u.id, pin, p_workspace, p_org);
  if d.id is not null and ws -> 'error' ->> 'code' = 'workspace_pinned' then
    ws := jsonb_set(ws, '{error,message}', to_jsonb(format('This demo session acts only in workspace %s (%s), where its pass was minted',
      (select w.name from app.workspaces w where w.id = d.workspace_id), d.workspace_id)));
  end if;
  return jsonb_build_object(
    'via', case when k.id is not null then 'api_key' else 'session' end,
    'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name),
    'key', case when k.id is null then null else jsonb_build_object(
      'id', k.id, 'name', k.name, 'tool', k.tool, 'scopes', to_jsonb(k.scopes),
      'workspaceId', k.workspace_id, 'expiresAt', k.expires_at) end,
    'sessionId', s.id,
    'demoPassId', d.id,
    'workspace', case when ws ? 'error' then null else ws end,
    'workspaceError', ws -> 'error'
  );
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.chat_channel_for(ctx app_private.event_ctx, p_channel uuid)
 RETURNS app.chat_channels
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c app.chat_channels;
begin
  select * into c from app.chat_channels x where x.id = p_channel;
  if c.id is null or app_private.chat_channel_readable(ctx, c) is not true then
    perform app_private.fail('channel_not_found', format('There is no channel %s you may read in this event', p_channel),
      jsonb_build_object('channelId', p_channel));
  end if;
  return c;
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.chat_post_for(ctx app_private.event_ctx, p_post uuid, p_lock boolean)
 RETURNS app.chat_posts
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p app.chat_posts;
  c app.chat_channels;
begin
  if p_lock then
    select * into p from app.chat_posts x where x.id = p_post for no key update;
  else
    select * into p from app.chat_posts x where x.id = p_post;
  end if;
  select * into c from app.chat_channels x where x.id = p.channel_id;
  if p.id is null or app_private.chat_channel_readable(ctx, c) is not true or (p.hidden_at is not null and ctx.role <> 'organizer') then
    perform app_private.fail('post_not_found', format('There is no post %s in this channel', p_post), jsonb_build_object('postId', p_post));
  end if;
  return p;
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.check_roster(p jsonb)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  x jsonb;
  n int := -1;
  k text;
  dup int;
begin
  if jsonb_typeof(p) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'participants must be a list of roster entries', '{"field":"participants"}');
  end if;
  for x in select value from jsonb_array_elements(p) loop
    n := n + 1;
    if jsonb_typeof(x) <> 'object' then
      perform app_private.fail('invalid_input', format('participants.%s must be an object', n), jsonb_build_object('field', format('participants.%s', n)));
    end if;
    for k in select jsonb_object_keys(x) loop
      if k not in ('email', 'name', 'role', 'team') then
        perform app_private.fail('invalid_input', format('participants.%s.%s is not a known field', n, k), jsonb_build_object('field', format('participants.%s.%s', n, k)));
      end if;
      if jsonb_typeof(x -> k) not in ('string', 'null') then
        perform app_private.fail('invalid_input', format('participants.%s.%s must be a string', n, k), jsonb_build_object('field', format('participants.%s.%s', n, k)));
      end if;
    end loop;
    if app_private.is_email(trim(x ->> 'email')) is not true then
      perform app_private.fail('invalid_input', format('participants.%s.email must be an email address', n), jsonb_build_object('field', format('participants.%s.email', n)));
    end if;
    if length(trim(x ->> 'name')) > 200 or x ->> 'name' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.name must be at most 200 characters on one line', n), jsonb_build_object('field', format('participants.%s.name', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') not in ('participant', 'organizer', 'jury', 'advisor') then
      perform app_private.fail('invalid_input', format('participants.%s.role must be participant, organizer, jury or advisor', n), jsonb_build_object('field', format('participants.%s.role', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') = 'participant' and nullif(trim(x ->> 'team'), '') is null then
      perform app_private.fail('invalid_input', format('participants.%s.team is required for a participant', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if coalesce(x ->> 'role', 'participant') <> 'participant' and nullif(trim(x ->> 'team'), '') is not null then
      perform app_private.fail('invalid_input', format('participants.%s.team: the %s role names no team', n, x ->> 'role'), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
    if length(trim(x ->> 'team')) > 100 or x ->> 'team' ~ '[[:cntrl:]]' then
      perform app_private.fail('invalid_input', format('participants.%s.team must be 1 to 100 characters on one line', n), jsonb_build_object('field', format('participants.%s.team', n)));
    end if;
  end loop;
  select min(r.n) into dup from (
    select r.n, row_number() over (partition by lower(r.email) order by r.n) as k from app_private.roster_rows(p) r) r
  where r.k > 1;
  if dup is not null then
    perform app_private.fail('invalid_input', format('participants.%s.email appears earlier in the roster', dup), jsonb_build_object('field', format('participants.%s.email', dup)));
  end if;
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.count_download(p_link uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update app.share_links x set download_count = x.download_count + 1 where x.id = p_link and x.counts_nothing is false
$function$
;

CREATE OR REPLACE FUNCTION app_private.create_api_key(p_user uuid, p_token_hash bytea, p_tool text, p_name text, p_scopes text[], p_workspace uuid, p_expires_in_days integer, p_via text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  k app_private.api_keys;
  scopes text[];
begin
  if p_tool not in ('deck', 'hackathon') then
    perform app_private.fail('invalid_tool', format('Tool must be deck or hackathon, got %s', p_tool));
  end if;
  scopes := coalesce(p_scopes, case p_tool when 'deck' then array['presentations:read', 'presentations:write']
                                              else array['hackathon:read', 'hackathon:write'] end);
  if p_tool = 'deck' and (scopes <@ array['presentations:read', 'presentations:write', 'data:export']) is not true then
    perform app_private.fail('invalid_scopes', format('A deck key takes presentations:read, presentations:write, data:export; got %s', array_to_string(scopes, ',')));
  elsif p_tool = 'hackathon' and (scopes <@ array['hackathon:read', 'hackathon:write', 'data:export']) is not true then
    perform app_private.fail('invalid_scopes', format('A hackathon key takes hackathon:read, hackathon:write, data:export; got %s', array_to_string(scopes, ',')));
  elsif cardinality(scopes) = 0 then
    perform app_private.fail('invalid_scopes', 'A key needs at least one scope');
  end if;
  if p_via in ('email_code', 'hub') and 'data:export' = any (scopes) then
    perform app_private.fail('invalid_scopes', 'Keys minted by sign-in never carry data:export');
  end if;
  if p_expires_in_days is not null and (p_expires_in_days < 1 or p_expires_in_days > 3650) then
    perform app_private.fail('invalid_expiry', format('Lifetime must be 1 to 3650 days, got %s', p_expires_in_days));
  end if;
  if p_workspace is not null and not exists (select 1 from app.memberships m where m.workspace_id = p_workspace and m.user_id = p_user) then
    perform app_private.fail('not_a_member', 'A key can only be pinned to a workspace its account belongs to');
  end if;
  insert into app_private.api_keys (user_id, token_hash, tool, name, scopes, workspace_id, created_via, expires_at)
  values (p_user, p_token_hash, p_tool, coalesce(nullif(trim(p_name), ''), p_tool || ' key'), scopes, p_workspace, p_via,
          case when p_expires_in_days is null then null else app.now() + make_interval(days => p_expires_in_days) end)
  returning * into k;
  return jsonb_build_object('id', k.id, 'name', k.name, 'tool', k.tool, 'scopes', to_jsonb(k.scopes),
    'workspaceId', k.workspace_id, 'expiresAt', k.expires_at, 'createdAt', k.created_at);
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.deck_for(p_deck uuid, p_roles text[], p_lock boolean DEFAULT false)
 RETURNS app.decks
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  r text := app_private.deck_role(p_deck);
begin
  if r is null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  if (r = any (p_roles)) is not true then
    perform app_private.fail('deck_read_only', 'You have read-only access to this deck (collaborator); ask its owner');
  end if;
  if p_lock then
    select * into d from app.decks x where x.id = p_deck for update;
  else
    select * into d from app.decks x where x.id = p_deck;
  end if;
  if d.deleted_at is not null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  return d;
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.delivery_verdict(e app.events, p_kind text, p jsonb, p_project uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    -- the delivery comes from another account than the organizer's organization
    when lower(coalesce(p #>> '{organization,login}', p #>> '{repository,owner,login}', p #>> '{repository,owner,name}', ''))
         <> lower(coalesce(e.github_organization, '')) then 'installation_mismatch'
    -- the organization is another event's (a name alone proves nothing)
    when app_private.organization_held_elsewhere(e.id, e.github_organization) then 'installation_mismatch'
    -- a GitHub App delivery names its installation: it must be one this event holds
    when jsonb_typeof(p -> 'installation') = 'object' and (case when (p #>> '{installation,id}') ~ '^[0-9]{1,18}$'
           then exists (select 1 from app_private.github_installations i
                         where i.installation_id = (p #>> '{installation,id}')::bigint and i.event_id = e.id)
           else false end) is not true then 'installation_mismatch'
    when p_project is null then 'unknown_repository'
    when p_kind <> 'push' then null
    when coalesce(p ->> 'ref', '') <> 'refs/heads/' || e.github_branch then 'wrong_branch'
    when coalesce((p ->> 'deleted')::boolean, false) or p ->> 'after' = repeat('0', 40) then 'deleted'
    when coalesce(p ->> 'after', '') !~ '^[0-9a-f]{40}$' then 'unresolvable_revision'
  end
$function$
;

CREATE OR REPLACE FUNCTION app_private.demo_pass_begin(p_token_hash bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  d app_private.demo_passes;
begin
  select * into d from app_private.demo_passes x where x.token_hash = p_token_hash for update;
  if app_private.demo_pass_acts(d) is not true then
    return null;
  end if;
  return jsonb_build_object('passId', d.id, 'userId', d.user_id);
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.eligible_receipt(p_project uuid)
 RETURNS app.submission_receipts
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select r.* from app.submission_receipts r
  where r.project_id = p_project and r.kind = 'push' and r.verdict = 'accepted' and r.late is false
  order by r.seq desc limit 1
$function$
;

CREATE OR REPLACE FUNCTION app_private.generated_kind_state(p_project uuid, p_kind text, p_full boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
  if p_full is not true then
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
$function$
;

CREATE OR REPLACE FUNCTION app_private.help_request_for(ctx app_private.event_ctx, p_id uuid, p_lock boolean)
 RETURNS app.help_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r app.help_requests;
begin
  if p_lock then
    select * into r from app.help_requests x where x.id = p_id and x.event_id = ctx.event_id for update;
  else
    select * into r from app.help_requests x where x.id = p_id and x.event_id = ctx.event_id;
  end if;
  if r.id is null or (ctx.role in ('organizer', 'advisor') or (ctx.role = 'participant' and r.team_id = ctx.team_id)) is not true then
    perform app_private.fail('request_not_found', format('There is no help request %s you may see in this event', p_id), jsonb_build_object('requestId', p_id));
  end if;
  return r;
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.hub_sign_in(p_account jsonb, p_orgs jsonb, p_default_org text, p_tool text, p_key_hash bytea, p_key_name text, p_expires_in_days integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  hub_id text := p_account ->> 'id';
  u app.users;
  o jsonb;
  t jsonb;
  ws app.workspaces;
  team app.teams;
  kept uuid[] := '{}';
  k jsonb;
  base text;
  n int;
begin
  if hub_id is null or p_account ->> 'email' is null then
    perform app_private.fail('hub_grant_invalid', 'The hub answered without an account');
  end if;
  -- Concurrent first exchanges of one account make one person.
  perform pg_advisory_xact_lock(7432091, hashtext(hub_id));
  select x.* into u from app_private.hub_accounts h join app.users x on x.id = h.user_id where h.hub_account_id = hub_id;
  if u.id is null then
    -- The hub proved the mailbox with its emailed code: the person of that address is this account.
    u := app_private.ensure_user(p_account ->> 'email', p_account ->> 'name');
    if exists (select 1 from app_private.hub_accounts h where h.user_id = u.id) then
      perform app_private.fail('conflict', format('%s is already the person of another hub account on this instance', u.email));
    end if;
    insert into app_private.hub_accounts (hub_account_id, user_id) values (hub_id, u.id);
  end if;

  for o in select * from jsonb_array_elements(coalesce(p_orgs, '[]')) loop
    select * into ws from app.workspaces w where w.organization_id = o ->> 'id';
    if ws.id is null then
      base := left(btrim(o ->> 'name'), 100);
      n := 1;
      while exists (select 1 from app.workspaces w where lower(w.name) = lower(base)) loop
        n := n + 1;
        base := left(btrim(o ->> 'name'), 90) || ' (' || n || ')';
      end loop;
      insert into app.workspaces (name, organization_id) values (base, o ->> 'id') returning * into ws;
    end if;
    kept := kept || ws.id;
    insert into app.memberships (workspace_id, user_id, role) values (ws.id, u.id, (o ->> 'role')::app.workspace_role)
      on conflict (workspace_id, user_id) do update set role = excluded.role;
    for t in select * from jsonb_array_elements(coalesce(o -> 'teams', '[]')) loop
      insert into app.teams (workspace_id, slug, name, hub_managed) values (ws.id, t ->> 'slug', t ->> 'name', true)
        on conflict (workspace_id, slug) do update set name = excluded.name, hub_managed = true
        returning * into team;
      if (t ->> 'member')::boolean then
        insert into app.team_members (team_id, user_id) values (team.id, u.id) on conflict do nothing;
      else
        delete from app.team_members m where m.team_id = team.id and m.user_id = u.id;
      end if;
    end loop;
  end loop;
  -- Organizations the account left on the hub: their workspaces here no longer hold it.
  delete from app.memberships m using app.workspaces w
   where m.workspace_id = w.id and m.user_id = u.id and w.organization_id is not null and (w.id = any (kept)) is not true;
  update app.users x set default_workspace_id = coalesce(
      (select w.id from app.workspaces w where w.organization_id = p_default_org and w.id = any (kept)),
      case when x.default_workspace_id = any (kept) then x.default_workspace_id end,
      kept[1])
   where x.id = u.id;

  k := app_private.create_api_key(u.id, p_key_hash, p_tool, p_key_name, null, null, p_expires_in_days, 'hub');
  return jsonb_build_object('key', k, 'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name));
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.invite(p_workspace uuid, p_email text, p_role text, p_source text, p_inviter uuid, p_resend boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  i app_private.invitations;
  v_email text := trim(p_email);
  mailed boolean := true;
begin
  if v_email is null or v_email !~ '^[^@\s]+@[^@\s]+$' or length(v_email) > 320 then
    perform app_private.fail('invalid_input', format('Not an email address: %s', p_email), '{"field":"email"}');
  end if;
  if p_role is null or p_role not in ('owner', 'admin', 'member', 'guest') then
    perform app_private.fail('invalid_role', format('Role must be owner, admin, member or guest, got %s', p_role));
  end if;
  if exists (select 1 from app.memberships m join app.users u on u.id = m.user_id
             where m.workspace_id = p_workspace and app_private.normalize_email(u.email) = app_private.normalize_email(v_email)) then
    perform app_private.fail('already_member', format('%s is already a member of this workspace', v_email), jsonb_build_object('email', v_email));
  end if;
  select * into i from app_private.invitations x
   where x.workspace_id = p_workspace and x.kind = 'workspace' and x.accepted_at is null and x.revoked_at is null
     and app_private.normalize_email(x.email) = app_private.normalize_email(v_email)
   for update;
  if i.id is not null and p_resend is not true and (i.expires_at is null or i.expires_at > app.now()) then
    mailed := false;
  elsif i.id is not null then
    update app_private.invitations x set role = p_role::app.workspace_role, invited_by = p_inviter, source = p_source, email = v_email,
      token_hash = null, sent_at = null, expires_at = null
     where x.id = i.id returning * into i;
  else
    insert into app_private.invitations (kind, workspace_id, email, role, source, invited_by, created_at)
    values ('workspace', p_workspace, v_email, p_role::app.workspace_role, p_source, p_inviter, app_private.ms(app.now()))
    returning * into i;
  end if;
  if mailed then
    perform graphile_worker.add_job('mail__send', json_build_object('template', 'invitation', 'invitationId', i.id),
      job_key => 'invitation:' || i.id, max_attempts => 10);
  end if;
  return app_private.invitation_json(i) || jsonb_build_object('mailed', mailed);
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.not_a_voter_reason(ctx app_private.event_ctx, v app.vote_eligibility, vt app.vote_voters)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when v.id is null then null
    when vt.id is null and ctx.role = 'participant' then 'you were not a participant on a team when eligibility was locked'
    when vt.id is null then format('only participants on a team vote; you are %s', case ctx.role when 'advisor' then 'an advisor' when 'organizer' then 'an organizer' else ctx.role end)
    when vt.included is not true then format('excluded: %s', vt.reason)
  end
$function$
;

CREATE OR REPLACE FUNCTION app_private.submit_form_response(p_link uuid, p_form text, p_answers jsonb, p_source text, p_placement text, p_respondent bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  l app.share_links;
  d app.decks;
  r app.form_responses;
  existing uuid;
  t timestamptz := app.now();
  kind text;
begin
  select * into l from app.share_links x where x.id = p_link;
  select * into d from app.decks x where x.id = l.deck_id;
  if l.id is null or l.revoked_at is not null or d.deleted_at is not null or (l.expires_at is not null and l.expires_at <= t) then
    perform app_private.fail('not_found', 'This link does not work');
  end if;
  if l.forms_enabled is not true then
    perform app_private.fail('forms_disabled', 'This link does not take form submissions');
  end if;
  if p_respondent is not null then
    select x.response_id into existing from app_private.response_respondents x
     where x.deck_id = d.id and x.form = p_form and x.respondent_hash = p_respondent for update;
  end if;
  if existing is null then
    insert into app.form_responses (deck_id, form, link_id, source, placement, answers, created_at)
    values (d.id, p_form, l.id, p_source, p_placement, p_answers, t) returning * into r;
    if p_respondent is not null then
      insert into app_private.response_respondents (deck_id, form, respondent_hash, response_id) values (d.id, p_form, p_respondent, r.id);
    end if;
    kind := 'new';
  else
    update app.form_responses x set answers = p_answers, edited_at = t, revision_count = x.revision_count + 1
     where x.id = existing returning * into r;
    kind := 'edit';
  end if;
  insert into app.form_response_revisions (response_id, revision, answers, link_id, source, placement, written_at)
  values (r.id, r.revision_count, p_answers, l.id, p_source, p_placement, t);
  -- Keep the first revision and the latest 99.
  delete from app.form_response_revisions x where x.response_id = r.id and x.revision > 1 and x.revision <= r.revision_count - 99;

  if d.notify then
    insert into app_private.deck_mail_throttle as m (deck_id, last_mail_at) values (d.id, t)
    on conflict (deck_id) do update set last_mail_at = excluded.last_mail_at where m.last_mail_at <= t - interval '10 minutes';
    if found then
      perform graphile_worker.add_job('deck__notify_owner',
        jsonb_build_object('deckId', d.id, 'kind', kind, 'responseId', r.id)::json,
        job_key => 'deck_notify:' || d.id || ':' || extract(epoch from t)::bigint, max_attempts => 5);
    end if;
  end if;
  return jsonb_build_object('id', r.id, 'form', r.form, 'revision', r.revision_count, 'createdAt', r.created_at, 'editedAt', r.edited_at);
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.vote_calculate(p_event uuid, p_by uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
 SET work_mem TO '64MB'
 SET enable_sort TO 'off'
 SET jit TO 'off'
AS $function$
declare
  v app.vote_eligibility := app_private.current_eligibility(p_event);
  ids uuid[];
  dg text;
  r app.vote_results;
  v_l numeric := 1;    -- lcm of (k - 1) over the ballot lengths k > 1
  v_nall numeric := 1; -- lcm of the ballot counts per candidate
  v_k integer;
  v_n bigint;
  rows_ jsonb;
  ties_ jsonb;
  cov jsonb;
  t_pid uuid[];
  t_num numeric[];
  t_n bigint[];
begin
  select coalesce(array_agg(b.id order by b.id), '{}') into ids from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'submitted';
  dg := encode(pg_catalog.sha256(convert_to(app_private.vote_canonical(v.version, v.id), 'UTF8')), 'hex');
  select * into r from app.vote_results x where x.eligibility_id = v.id and x.digest = dg order by x.version limit 1;
  if r.id is not null then
    return jsonb_build_object('version', r.version, 'created', false);
  end if;
  for v_k in select distinct b.ranking_length from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'submitted' loop
    if v_k > 1 then
      v_l := lcm(v_l, (v_k - 1)::numeric);
    end if;
  end loop;

  -- Per candidate: the numerator over l * n (its sum of points, each (k - p) / (k - 1)
  -- brought to the common denominator l) and n, the ballots that rank it.
  select coalesce(array_agg(pid order by pid), '{}'), coalesce(array_agg(num order by pid), '{}'), coalesce(array_agg(cnt order by pid), '{}')
    into t_pid, t_num, t_n
  from (
    select pid, sum(case when kk = 1 then cnt * v_l else s * div(v_l, (kk - 1)::numeric) end) as num, sum(cnt)::bigint as cnt
    from (
      -- unnest reads each ranking once per ballot (ranking_length is a column, not a
      -- cardinality() per element, which would detoast the array for every element)
      select u.pid, b.ranking_length as kk, sum(b.ranking_length - u.p)::numeric as s, count(*)::numeric as cnt
      from app.vote_ballots b cross join lateral unnest(b.ranking) with ordinality u(pid, p)
      where b.eligibility_id = v.id and b.state = 'submitted'
      group by u.pid, b.ranking_length
    ) per_k
    group by pid
  ) per_c;
  for v_n in select distinct x from unnest(t_n) x loop
    v_nall := lcm(v_nall, v_n::numeric);
  end loop;

  with scored as (
    select c.project_id, c.name, t.num, t.cnt, v_l * t.cnt as den, gcd(t.num, v_l * t.cnt) as g,
           t.num * div(v_nall, t.cnt::numeric) as key
    from app.vote_candidates c join unnest(t_pid, t_num, t_n) t(project_id, num, cnt) on t.project_id = c.project_id
    where c.eligibility_id = v.id and c.included
  ), ranked as (
    select s.*, rank() over (order by s.key desc) as rnk from scored s
  ), all_rows as (
    select rnk, project_id, name, div(num, g)::text || '/' || div(den, g)::text as fraction,
           (div(2 * num * 10000 + den, 2 * den) / 10000)::numeric(30, 4)::text as score, cnt as ballots
    from ranked
    union all
    select null, c.project_id, c.name, null, null, 0
    from app.vote_candidates c
    where c.eligibility_id = v.id and c.included and (c.project_id = any (t_pid)) is false
  )
  select coalesce(jsonb_agg(jsonb_build_object('rank', rnk, 'projectId', project_id, 'name', name, 'score', score, 'fraction', fraction, 'ballots', ballots)
                  order by rnk nulls last, lower(name), project_id), '[]')
    into rows_ from all_rows;
  select coalesce(jsonb_agg(jsonb_build_object('rank', (g ->> 'rank')::int, 'projectIds', g -> 'projectIds', 'names', g -> 'names') order by (g ->> 'rank')::int), '[]')
    into ties_
    from (select jsonb_build_object('rank', x ->> 'rank', 'projectIds', jsonb_agg(x -> 'projectId' order by ord), 'names', jsonb_agg(x -> 'name' order by ord)) as g
          from jsonb_array_elements(rows_) with ordinality e(x, ord)
          where x ->> 'rank' is not null
          group by x ->> 'rank' having count(*) > 1) q;
  cov := jsonb_build_object(
    'voters', (select count(*) from app.vote_voters x where x.eligibility_id = v.id and x.included),
    'submitted', cardinality(ids),
    'invalidated', (select count(*) from app.vote_ballots b where b.eligibility_id = v.id and b.state = 'invalidated'),
    'candidates', (select count(*) from app.vote_candidates c where c.eligibility_id = v.id and c.included),
    'excludedCandidates', (select count(*) from app.vote_candidates c where c.eligibility_id = v.id and c.included is false),
    'excludedVoters', (select count(*) from app.vote_voters x where x.eligibility_id = v.id and x.included is false));
  insert into app.vote_results (event_id, eligibility_id, version, calculated_at, calculated_by, digest, rows, ties, coverage)
  values (p_event, v.id, coalesce((select max(x.version) from app.vote_results x where x.event_id = p_event), 0) + 1, app.now(), p_by, dg, rows_, ties_, cov)
  returning * into r;
  insert into app_private.vote_result_ballots (result_id, ballot_ids) values (r.id, ids);
  return jsonb_build_object('version', r.version, 'created', true);
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.vote_eligibility_json(p_event uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  e app.events;
  v app.vote_eligibility;
  cands jsonb;
  voters jsonb;
begin
  select * into e from app.events x where x.id = p_event;
  v := app_private.current_eligibility(p_event);
  if v.id is null then
    select coalesce(jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'included', true, 'reason', null,
        'memberCount', c.member_count, 'confirmed', c.confirmed, 'ready', r.readiness = 'ready', 'readiness', r.readiness)
        order by lower(c.name), c.project_id), '[]')
      into cands
      from app_private.live_vote_candidates(p_event) c, lateral (select app_private.vote_readiness(c.project_id, c.confirmed) as readiness) r;
    select coalesce(jsonb_agg(jsonb_build_object('email', x.email, 'name', x.name, 'team', app_private.team_ref_json(x.team_id),
        'included', true, 'reason', null) order by lower(x.email)), '[]')
      into voters from app_private.live_voters(p_event) x;
  else
    select coalesce(jsonb_agg(jsonb_build_object('projectId', c.project_id, 'name', c.name, 'included', c.included, 'reason', c.reason,
        'memberCount', c.member_count, 'confirmed', c.confirmed, 'ready', r.readiness = 'ready', 'readiness', r.readiness)
        order by lower(c.name), c.project_id), '[]')
      into cands
      from app.vote_candidates c, lateral (select app_private.vote_readiness(c.project_id, c.confirmed) as readiness) r
      where c.eligibility_id = v.id;
    select coalesce(jsonb_agg(jsonb_build_object('email', x.email, 'name', x.name, 'team', app_private.team_ref_json(x.team_id),
        'included', x.included, 'reason', x.reason) order by lower(x.email)), '[]')
      into voters from app.vote_voters x where x.eligibility_id = v.id;
  end if;
  return jsonb_build_object(
    'voteState', app_private.vote_state(e),
    'locked', v.id is not null,
    'version', v.version,
    'lockedAt', app_private.iso(v.locked_at),
    'rosterLocked', e.roster_locked_at is not null,
    'rosterLockedAt', app_private.iso(e.roster_locked_at),
    'candidates', cands,
    'voters', voters,
    'counts', jsonb_build_object(
      'candidates', (select count(*) from jsonb_array_elements(cands) c where (c ->> 'included')::boolean),
      'candidatesExcluded', (select count(*) from jsonb_array_elements(cands) c where (c ->> 'included')::boolean is false),
      'voters', (select count(*) from jsonb_array_elements(voters) x where (x ->> 'included')::boolean),
      'votersExcluded', (select count(*) from jsonb_array_elements(voters) x where (x ->> 'included')::boolean is false)));
end;
$function$
;

CREATE OR REPLACE FUNCTION app_private.vote_readiness(p_project uuid, p_confirmed boolean)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  reasons text[] := '{}';
  sub text;
  link text;
begin
  select s.state into sub from app.submissions s where s.project_id = p_project;
  if sub is distinct from 'frozen' then
    reasons := reasons || format('no frozen submission (%s)', coalesce(sub, 'waiting'));
  end if;
  select t.vote_link into link from app.event_teams t where t.project_id = p_project;
  if link is null then
    reasons := reasons || 'no vote link'::text;
  elsif app_private.vote_link_live(link) is not true then
    reasons := reasons || 'vote link does not open a live deck of this instance'::text;
  end if;
  if p_confirmed is not true then
    reasons := reasons || 'not confirmed'::text;
  end if;
  return case when cardinality(reasons) = 0 then 'ready' else array_to_string(reasons, ', ') end;
end;
$function$
;
