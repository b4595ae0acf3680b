-- Workspace files: one id per stored file a workspace holds, so `hackathon files download
-- <fileId>` reaches any of them by one uuid. A file lives in one workspace: a lookup reads
-- the caller's current workspace only, and an id of another workspace answers exactly like
-- a missing one (file_not_found, naming the workspace asked; the route adds what selected
-- it). Rows are written by triggers where the files are recorded (a frozen submission's
-- evidence archive, a deck version's manifest), never by a caller; the bytes stay in blob
-- storage under their sha256.
create table app_private.files (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references app.workspaces (id) on delete cascade,
  kind text not null check (kind in ('submission_archive', 'deck_export', 'deck_file')),
  name text not null check (length(name) between 1 and 1024 and name !~ '[/\\[:cntrl:]]' and name !~ '^\.'),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  size bigint not null check (size >= 0),
  project_id uuid references app.projects (id) on delete cascade,
  deck_id uuid references app.decks (id) on delete cascade,
  version integer,
  path text,
  created_at timestamptz not null default now(),
  check (kind <> 'submission_archive' or project_id is not null),
  check (kind = 'submission_archive' or (deck_id is not null and version is not null)),
  check (kind <> 'deck_file' or path is not null)
);
comment on table app_private.files is
  'Every file a workspace stores, by id: submission evidence archives, generated deck exports, deck files. Written by triggers; read through app.file_info.';
create unique index files_archive_key on app_private.files (project_id, sha256) where kind = 'submission_archive';
create unique index files_deck_file_key on app_private.files (deck_id, version, path) where kind = 'deck_file';
create index files_workspace_idx on app_private.files (workspace_id);
create index files_project_idx on app_private.files (project_id);
create index files_deck_idx on app_private.files (deck_id);

-- A frozen archive (sweep capture or exception) becomes a file of the project's workspace.
create function app_private.file_of_submission() returns trigger
  language plpgsql security definer set search_path = '' as $$
begin
  if new.archive_sha256 is not null and new.archive_size is not null then
    insert into app_private.files (workspace_id, kind, name, sha256, size, project_id)
    select p.workspace_id, 'submission_archive', 'submission-' || left(new.sha, 12) || '.tar.gz', new.archive_sha256, new.archive_size, p.id
      from app.projects p where p.id = new.project_id
    on conflict (project_id, sha256) where kind = 'submission_archive' do nothing;
  end if;
  return null;
end;
$$;
create trigger files_of_submission after insert or update of archive_sha256 on app.submissions
  for each row execute function app_private.file_of_submission();

-- Each file of a committed version becomes a file of the deck's workspace (one statement
-- per commit, however many files).
create function app_private.files_of_version() returns trigger
  language plpgsql security definer set search_path = '' as $$
begin
  insert into app_private.files (workspace_id, kind, name, sha256, size, deck_id, version, path)
  select d.workspace_id, 'deck_file', regexp_replace(n.path, '^.*/', ''), n.sha256, n.size, n.deck_id, n.version, n.path
    from new_files n join app.decks d on d.id = n.deck_id
  on conflict (deck_id, version, path) where kind = 'deck_file' do nothing;
  return null;
end;
$$;
create trigger files_of_version after insert on app.deck_files
  referencing new table as new_files for each statement execute function app_private.files_of_version();

insert into app_private.files (workspace_id, kind, name, sha256, size, project_id)
select p.workspace_id, 'submission_archive', 'submission-' || left(s.sha, 12) || '.tar.gz', s.archive_sha256, s.archive_size, p.id
  from app.submissions s join app.projects p on p.id = s.project_id where s.archive_sha256 is not null
on conflict do nothing;
insert into app_private.files (workspace_id, kind, name, sha256, size, deck_id, version, path)
select d.workspace_id, 'deck_file', regexp_replace(f.path, '^.*/', ''), f.sha256, f.size, f.deck_id, f.version, f.path
  from app.deck_files f join app.decks d on d.id = f.deck_id
on conflict do nothing;

-- The file id of a deck file or an archive, for the answers that list them.
create function app_private.deck_file_id(p_deck uuid, p_version integer, p_path text) returns uuid
  language sql stable set search_path = '' as $$
  select f.id from app_private.files f where f.kind = 'deck_file' and f.deck_id = p_deck and f.version = p_version and f.path = p_path
$$;
create function app_private.archive_file_id(p_project uuid, p_sha256 text) returns uuid
  language sql stable set search_path = '' as $$
  select f.id from app_private.files f where f.kind = 'submission_archive' and f.project_id = p_project and f.sha256 = p_sha256
$$;

-- One file the caller may read, in the workspace the request acts in. Who may read:
--   submission archive: organizers, and the participants of that team (hackathon:read);
--   deck file: whoever may read the deck (presentations:read);
--   deck export (generated decks): whoever may read the deck, with either read scope.
-- Anything else, another workspace's file included, is file_not_found. A file the person
-- may read through a credential lacking the kind's scope is insufficient_scope.
create function app.file_info(p_file uuid) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  f app_private.files;
  ctx app_private.event_ctx;
  readable boolean := false;
  scope text;
  ws text := (select w.name from app.workspaces w where w.id = app.current_workspace_id());
begin
  if not (app.has_scope('hackathon:read') or app.has_scope('presentations:read')) then
    perform app_private.fail('insufficient_scope', 'This credential lacks a read scope (hackathon:read or presentations:read)',
      jsonb_build_object('needed', jsonb_build_array('hackathon:read', 'presentations:read')));
  end if;
  select * into f from app_private.files x where x.id = p_file and x.workspace_id = app.current_workspace_id();
  if f.id is not null then
    if f.kind = 'submission_archive' then
      ctx := app_private.event_ctx_or_null();
      readable := exists (select 1 from app.event_teams t where t.project_id = f.project_id and t.event_id = ctx.event_id)
        and (ctx.role = 'organizer' or (ctx.role = 'participant' and ctx.team_id = f.project_id));
      scope := 'hackathon:read';
    else
      readable := app_private.deck_role(f.deck_id) is not null;
      scope := case f.kind when 'deck_file' then 'presentations:read' end;
    end if;
  end if;
  if not readable then
    perform app_private.fail('file_not_found',
      format('No file %s in workspace %s, or it is not yours to read', p_file, coalesce(ws, '(none)')),
      jsonb_build_object('fileId', p_file, 'workspaceId', app.current_workspace_id(), 'workspace', ws));
  end if;
  if scope is not null and not app.has_scope(scope) then
    perform app_private.fail('insufficient_scope', format('This credential lacks the scope %s this file needs', scope),
      jsonb_build_object('needed', jsonb_build_array(scope)));
  end if;
  return jsonb_build_object('id', f.id, 'kind', f.kind, 'name', f.name, 'sha256', f.sha256, 'size', f.size,
    'createdAt', app_private.iso(f.created_at), 'workspaceId', f.workspace_id,
    'source', case when f.kind = 'submission_archive' then jsonb_build_object('projectId', f.project_id)
                   else jsonb_build_object('deckId', f.deck_id, 'version', f.version, 'path', f.path) end);
end;
$$;
comment on function app.file_info(uuid) is
  'files download: one file of the workspace you may read (a submission archive, a generated deck export, a deck file): name, sha256, size; file_not_found otherwise.';
grant execute on function app.file_info(uuid) to podium_app;

-- The answers that list files carry their ids.
create or replace function app_private.submission_team_json(p_project uuid) returns jsonb
  language sql stable set search_path = '' as $$
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
$$;

create or replace function app.list_deck_files(p_deck uuid, p_version integer, p_limit integer, p_after text) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  d app.decks;
  v app.deck_versions;
begin
  perform app_private.require_scope('presentations:read');
  if app_private.deck_role(p_deck) is null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  select * into d from app.decks x where x.id = p_deck;
  select * into v from app.deck_versions x where x.deck_id = p_deck and x.number = coalesce(p_version, d.current_version);
  if v.number is null then
    perform app_private.fail('version_not_found', format('The deck has no version %s', coalesce(p_version, d.current_version)), jsonb_build_object('version', coalesce(p_version, d.current_version)));
  end if;
  return jsonb_build_object('version', app_private.version_json(v), 'items', (
    select coalesce(jsonb_agg(jsonb_build_object('path', f.path, 'sha256', f.sha256, 'size', f.size, 'attachment', f.path like 'downloads/_%',
      'fileId', app_private.deck_file_id(f.deck_id, f.version, f.path)) order by f.path), '[]')
    from (select * from app.deck_files x where x.deck_id = p_deck and x.version = v.number and (p_after is null or x.path > p_after)
          order by x.path limit p_limit) f));
end;
$$;
