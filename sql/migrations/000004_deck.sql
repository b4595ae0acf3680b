-- Deck service: blobs, decks, versions, files, access, publishing (precheck, upload,
-- commit with an expected base version), rename, duplicate, soft delete, collaborators,
-- annotations. Share links, views and forms are in 000006_deck_share.sql.

-- Blobs ------------------------------------------------------------------------------
-- Content-addressed by sha256 (lowercase hex), stored once by the storage driver however
-- many decks or versions use them. A workspace may name a blob in a manifest only once it
-- has uploaded those bytes itself (workspace_blobs): precheck never confirms to one
-- workspace that another holds some content.
create table app_private.blobs (
  sha256 text primary key check (sha256 ~ '^[0-9a-f]{64}$'),
  size bigint not null check (size >= 0),
  created_at timestamptz not null default now()
);

create table app_private.workspace_blobs (
  workspace_id uuid not null references app.workspaces (id) on delete cascade,
  sha256 text not null references app_private.blobs (sha256) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (workspace_id, sha256)
);
create index workspace_blobs_sha_idx on app_private.workspace_blobs (sha256);

-- What a precheck told the caller to upload: an upload of anything else is refused.
create table app_private.upload_intents (
  user_id uuid not null references app.users (id) on delete cascade,
  workspace_id uuid not null references app.workspaces (id) on delete cascade,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  size bigint not null check (size >= 0),
  created_at timestamptz not null default now(),
  primary key (user_id, workspace_id, sha256)
);
create index upload_intents_workspace_idx on app_private.upload_intents (workspace_id);

-- Manifest path rules (core/wire/deck-paths.ts is the same rule for clients and the edge):
-- relative, `/`-separated, no empty, `.` or `..` segment, no backslash, NUL or control
-- character, no dot-prefixed segment, node_modules, Thumbs.db, package.json or lockfile.
create function app_private.manifest_path_ok(p text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
as $$
  select p is not null and length(p) between 1 and 1024
    and p !~ '[[:cntrl:]]' and position(E'\\' in p) = 0
    and p !~ '^/' and p !~ '^[A-Za-z]:'
    and not exists (
      select 1 from unnest(string_to_array(p, '/')) s
      where s = '' or s like '.%' or s in ('node_modules', 'Thumbs.db', 'package.json',
        'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock',
        'deno.lock', 'composer.lock', 'Gemfile.lock', 'Cargo.lock', 'poetry.lock', 'Pipfile.lock', 'uv.lock', 'go.sum')
    )
$$;

-- Decks ------------------------------------------------------------------------------
create table app.decks (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references app.workspaces (id) on delete cascade,
  owner_id uuid not null references app.users (id) on delete cascade,
  title text not null check (length(title) between 1 and 200 and title !~ '[[:cntrl:]]'),
  kind text not null default 'presentation' check (kind in ('presentation', 'app', 'plan')),
  interactive boolean not null default false,
  metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object' and length(metadata::text) <= 16384),
  remixed_from uuid references app.decks (id) on delete set null,
  current_version int not null default 0 check (current_version >= 0),
  notify boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index decks_workspace_idx on app.decks (workspace_id, created_at desc, id desc);
create index decks_owner_idx on app.decks (owner_id);
create index decks_remixed_from_idx on app.decks (remixed_from);
comment on table app.decks is 'Decks: static files with one entry file, kept as numbered versions. Soft-deleted decks keep their record and resolve nowhere.';

create table app.deck_versions (
  deck_id uuid not null references app.decks (id) on delete cascade,
  number int not null check (number >= 1),
  entry text not null check (app_private.manifest_path_ok(entry)),
  file_count int not null,
  total_bytes bigint not null,
  attachment_count int not null,
  attachment_bytes bigint not null,
  created_by uuid references app.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (deck_id, number)
);
create index deck_versions_created_by_idx on app.deck_versions (created_by);
comment on table app.deck_versions is 'Immutable numbered versions of a deck; attachments are the files under downloads/.';

create table app.deck_files (
  deck_id uuid not null,
  version int not null,
  path text not null check (app_private.manifest_path_ok(path)),
  sha256 text not null references app_private.blobs (sha256) on delete restrict,
  size bigint not null check (size >= 0),
  primary key (deck_id, version, path),
  foreign key (deck_id, version) references app.deck_versions (deck_id, number) on delete cascade
);
create index deck_files_sha_idx on app.deck_files (sha256);
comment on table app.deck_files is 'The manifest of each version: path, sha256 and size of every file.';

create table app.deck_collaborators (
  id uuid primary key default gen_random_uuid(),
  deck_id uuid not null references app.decks (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and length(email) <= 320),
  user_id uuid references app.users (id) on delete cascade,
  invited_by uuid references app.users (id) on delete set null,
  created_at timestamptz not null default now(),
  claimed_at timestamptz
);
create unique index deck_collaborators_email_key on app.deck_collaborators (deck_id, lower(email));
create index deck_collaborators_user_idx on app.deck_collaborators (user_id);
create index deck_collaborators_email_idx on app.deck_collaborators (lower(email)) where user_id is null;
create index deck_collaborators_invited_by_idx on app.deck_collaborators (invited_by);
comment on table app.deck_collaborators is 'People invited to a deck by email, read-only; claimed (user_id set) on sign-up or sign-in.';

create table app.deck_annotations (
  id uuid primary key default gen_random_uuid(),
  deck_id uuid not null,
  version int not null,
  path text not null check (app_private.manifest_path_ok(path)),
  position jsonb not null default '{}' check (jsonb_typeof(position) = 'object' and length(position::text) <= 1024),
  body text not null check (length(body) between 1 and 5000),
  author_id uuid references app.users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (deck_id, version) references app.deck_versions (deck_id, number) on delete cascade
);
create index deck_annotations_deck_idx on app.deck_annotations (deck_id, version, created_at desc);
create index deck_annotations_author_idx on app.deck_annotations (author_id);
comment on table app.deck_annotations is 'Comments on a version of a deck, anchored to a file path and a position.';

-- Access -----------------------------------------------------------------------------
-- The caller's role on a live deck: owner (their deck, in the workspace they act in),
-- admin (workspace owner or admin acting there), collaborator (a claimed invitation), or
-- null: the deck answers as not existing.
create function app_private.deck_role(p_deck uuid) returns text
  language sql stable security definer
  set search_path = ''
as $$
  select case
    when d.workspace_id = app.current_workspace_id() and m.role is not null and d.owner_id = app.current_user_id() then 'owner'
    when d.workspace_id = app.current_workspace_id() and m.role in ('owner', 'admin') then 'admin'
    when exists (select 1 from app.deck_collaborators c where c.deck_id = d.id and c.user_id = app.current_user_id()) then 'collaborator'
  end
  from app.decks d
  left join app.memberships m on m.workspace_id = d.workspace_id and m.user_id = app.current_user_id()
  where d.id = p_deck and d.deleted_at is null
$$;
grant execute on function app_private.deck_role(uuid) to podium_app;

alter table app.decks enable row level security;
alter table app.deck_versions enable row level security;
alter table app.deck_files enable row level security;
alter table app.deck_collaborators enable row level security;
alter table app.deck_annotations enable row level security;
grant select on app.decks, app.deck_versions, app.deck_files, app.deck_collaborators, app.deck_annotations to podium_app;

create policy decks_select on app.decks for select to podium_app using (app_private.deck_role(id) is not null);
create policy deck_versions_select on app.deck_versions for select to podium_app using (app_private.deck_role(deck_id) is not null);
create policy deck_files_select on app.deck_files for select to podium_app using (app_private.deck_role(deck_id) is not null);
create policy deck_annotations_select on app.deck_annotations for select to podium_app using (app_private.deck_role(deck_id) is not null);
create policy deck_collaborators_select on app.deck_collaborators for select to podium_app using (
  user_id = (select app.current_user_id()) or app_private.deck_role(deck_id) in ('owner', 'admin')
);

create function app_private.require_scope(p_scope text) returns void
  language plpgsql stable
  set search_path = ''
as $$
begin
  if not app.has_scope(p_scope) then
    perform app_private.fail('insufficient_scope', format('This key lacks the scope %s', p_scope), jsonb_build_object('needed', jsonb_build_array(p_scope)));
  end if;
end;
$$;
grant execute on function app_private.require_scope(text) to podium_app;

/** The deck, locked when asked, if the caller's role is among p_roles; else not_found or deck_read_only. */
create function app_private.deck_for(p_deck uuid, p_roles text[], p_lock boolean default false) returns app.decks
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app.decks;
  r text := app_private.deck_role(p_deck);
begin
  if r is null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  if not (r = any (p_roles)) then
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
$$;

-- Creating a deck is a workspace act: members, admins and owners, never guests.
create function app_private.require_deck_creator() returns uuid
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  r app.workspace_role;
begin
  select m.role into r from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = app.current_user_id();
  if r is null then
    perform app_private.fail('workspace_not_found', 'Act in one of your workspaces to create a deck');
  end if;
  if r = 'guest' then
    perform app_private.fail('guest_cannot_create', 'Guests cannot create decks in this workspace (creating a deck is a workspace act)');
  end if;
  return app.current_workspace_id();
end;
$$;

-- JSON shapes ------------------------------------------------------------------------
create function app_private.deck_json(d app.decks) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object(
    'id', d.id, 'title', d.title, 'kind', d.kind, 'interactive', d.interactive, 'metadata', d.metadata,
    'remixedFrom', d.remixed_from, 'version', d.current_version, 'workspaceId', d.workspace_id,
    'owner', (select jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name) from app.users u where u.id = d.owner_id),
    'notify', d.notify, 'role', app_private.deck_role(d.id), 'createdAt', d.created_at, 'updatedAt', d.updated_at)
$$;

create function app_private.version_json(v app.deck_versions) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('version', v.number, 'entry', v.entry, 'fileCount', v.file_count, 'sizeBytes', v.total_bytes,
    'attachments', jsonb_build_object('count', v.attachment_count, 'sizeBytes', v.attachment_bytes),
    'createdBy', v.created_by, 'createdAt', v.created_at)
$$;

-- Publishing -------------------------------------------------------------------------
-- Precheck: p_files [{ sha256, size }]. Answers the blobs this workspace lacks and records
-- them as expected uploads (only those may be uploaded).
create function app.precheck_blobs(p_files jsonb) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ws uuid;
  missing jsonb;
begin
  perform app_private.require_scope('presentations:write');
  ws := app_private.require_deck_creator();
  if jsonb_typeof(p_files) <> 'array' or jsonb_array_length(p_files) > 20000 then
    perform app_private.fail('invalid_input', 'files must be a list of at most 20000 { sha256, size }', jsonb_build_object('field', 'files'));
  end if;
  with wanted as (
    select distinct on (f.sha256) f.sha256, f.size
    from jsonb_to_recordset(p_files) as f (sha256 text, size bigint)
    order by f.sha256, f.size
  ), lacking as (
    select w.* from wanted w
    where not exists (select 1 from app_private.workspace_blobs b where b.workspace_id = ws and b.sha256 = w.sha256)
  ), noted as (
    insert into app_private.upload_intents (user_id, workspace_id, sha256, size)
    select app.current_user_id(), ws, l.sha256, l.size from lacking l
    on conflict (user_id, workspace_id, sha256) do update set size = excluded.size, created_at = now()
    returning sha256
  )
  select coalesce(jsonb_agg(n.sha256 order by n.sha256), '[]') into missing from noted n;
  return jsonb_build_object('missing', missing);
end;
$$;
comment on function app.precheck_blobs(jsonb) is 'Publishing step 1: which of these blobs (sha256, size) the workspace lacks; only those may then be uploaded.';
grant execute on function app.precheck_blobs(jsonb) to podium_app;

-- Before an upload streams: the size the precheck was told, or blob_not_prechecked.
create function app.expected_upload(p_sha text) returns bigint
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  s bigint;
begin
  perform app_private.require_scope('presentations:write');
  select i.size into s from app_private.upload_intents i
   where i.user_id = app.current_user_id() and i.workspace_id = app.current_workspace_id() and i.sha256 = p_sha;
  if s is null then
    perform app_private.fail('blob_not_prechecked', 'Precheck this blob first: the server accepts only the uploads a precheck asked for', jsonb_build_object('sha256', p_sha));
  end if;
  return s;
end;
$$;
comment on function app.expected_upload(text) is 'Publishing step 2 (before the bytes): the declared size of a blob the caller''s precheck asked for.';
grant execute on function app.expected_upload(text) to podium_app;

-- After the storage driver verified and stored the bytes.
create function app.blob_uploaded(p_sha text, p_size bigint) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  s bigint := app.expected_upload(p_sha);
begin
  if s <> p_size then
    perform app_private.fail('blob_mismatch', format('Declared %s bytes, received %s', s, p_size), jsonb_build_object('sha256', p_sha, 'expectedSize', s, 'size', p_size));
  end if;
  insert into app_private.blobs (sha256, size) values (p_sha, p_size) on conflict (sha256) do nothing;
  insert into app_private.workspace_blobs (workspace_id, sha256) values (app.current_workspace_id(), p_sha) on conflict do nothing;
  delete from app_private.upload_intents i
   where i.user_id = app.current_user_id() and i.workspace_id = app.current_workspace_id() and i.sha256 = p_sha;
  return jsonb_build_object('sha256', p_sha, 'size', p_size);
end;
$$;
comment on function app.blob_uploaded(text, bigint) is 'Publishing step 2 (after the bytes were verified and stored): the blob is now the workspace''s to name in a manifest.';
grant execute on function app.blob_uploaded(text, bigint) to podium_app;

-- Writes a version's files and answers its row. Files were validated by the caller.
create function app_private.write_version(p_deck uuid, p_number int, p_entry text, p_files jsonb) returns app.deck_versions
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  v app.deck_versions;
begin
  insert into app.deck_versions (deck_id, number, entry, file_count, total_bytes, attachment_count, attachment_bytes, created_by)
  select p_deck, p_number, p_entry, count(*), coalesce(sum(f.size), 0),
         count(*) filter (where f.path like 'downloads/_%'), coalesce(sum(f.size) filter (where f.path like 'downloads/_%'), 0),
         app.current_user_id()
  from jsonb_to_recordset(p_files) as f (path text, sha256 text, size bigint)
  returning * into v;
  insert into app.deck_files (deck_id, version, path, sha256, size)
  select p_deck, p_number, f.path, f.sha256, f.size from jsonb_to_recordset(p_files) as f (path text, sha256 text, size bigint);
  return v;
end;
$$;

-- Commit: p_manifest { title?, kind?, interactive?, metadata?, entry, files: [{ path, sha256, size }] }.
-- p_deck null creates a deck at version 1; otherwise p_base must equal the deck's current
-- version (optimistic concurrency: a concurrent push answers version_conflict).
create function app.commit_deck_version(p_deck uuid, p_base int, p_manifest jsonb) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
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
   where not app_private.manifest_path_ok(f.path) or f.sha256 !~ '^[0-9a-f]{64}$' or f.size is null or f.size < 0 limit 1;
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
$$;
comment on function app.commit_deck_version(uuid, int, jsonb) is 'Publishing step 3: commits a manifest as a new deck (deck null) or as the next version on the expected base version.';
grant execute on function app.commit_deck_version(uuid, int, jsonb) to podium_app;

-- Reads ------------------------------------------------------------------------------
create function app.get_deck(p_deck uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  d app.decks;
  v app.deck_versions;
begin
  perform app_private.require_scope('presentations:read');
  if app_private.deck_role(p_deck) is null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  select * into d from app.decks x where x.id = p_deck;
  select * into v from app.deck_versions x where x.deck_id = d.id and x.number = d.current_version;
  return app_private.deck_json(d) || jsonb_build_object('currentVersion', case when v.number is null then null else app_private.version_json(v) end);
end;
$$;
comment on function app.get_deck(uuid) is 'One deck you may see, with its current version.';
grant execute on function app.get_deck(uuid) to podium_app;

-- Decks owned or invited to; workspace admins and owners see every deck of the workspace.
-- Newest first; p_before_at/p_before_id is the last item of the previous page.
create function app.list_decks(p_limit int, p_before_at timestamptz, p_before_id uuid) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(jsonb_agg(app_private.deck_json(d) order by d.created_at desc, d.id desc), '[]')
  from (
    select x.* from app.decks x
    where x.deleted_at is null
      and app_private.deck_role(x.id) is not null
      and (x.workspace_id = app.current_workspace_id()
           or x.id in (select c.deck_id from app.deck_collaborators c where c.user_id = app.current_user_id()))
      and (p_before_at is null or (x.created_at, x.id) < (p_before_at, p_before_id))
    order by x.created_at desc, x.id desc
    limit p_limit
  ) d
$$;
comment on function app.list_decks(int, timestamptz, uuid) is 'Decks you own or were invited to (every deck of the workspace for its owners and admins), newest first.';
grant execute on function app.list_decks(int, timestamptz, uuid) to podium_app;

create function app.list_deck_versions(p_deck uuid, p_limit int, p_before int) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform app_private.require_scope('presentations:read');
  if app_private.deck_role(p_deck) is null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  return (select coalesce(jsonb_agg(app_private.version_json(v) order by v.number desc), '[]')
          from (select * from app.deck_versions x where x.deck_id = p_deck and (p_before is null or x.number < p_before)
                order by x.number desc limit p_limit) v);
end;
$$;
comment on function app.list_deck_versions(uuid, int, int) is 'Versions of a deck, newest first.';
grant execute on function app.list_deck_versions(uuid, int, int) to podium_app;

-- Files of a version (current when p_version is null), by path; p_after pages on.
create function app.list_deck_files(p_deck uuid, p_version int, p_limit int, p_after text) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
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
    select coalesce(jsonb_agg(jsonb_build_object('path', f.path, 'sha256', f.sha256, 'size', f.size, 'attachment', f.path like 'downloads/_%') order by f.path), '[]')
    from (select * from app.deck_files x where x.deck_id = p_deck and x.version = v.number and (p_after is null or x.path > p_after)
          order by x.path limit p_limit) f));
end;
$$;
comment on function app.list_deck_files(uuid, int, int, text) is 'The manifest of a version (the current one by default): path, sha256, size, ordered by path.';
grant execute on function app.list_deck_files(uuid, int, int, text) to podium_app;

-- A blob is readable by whoever may see a deck version that uses it.
create function app.blob_readable(p_sha text) returns bigint
  language sql stable security definer
  set search_path = ''
as $$
  select b.size from app_private.blobs b
  where b.sha256 = p_sha and app.has_scope('presentations:read')
    and exists (select 1 from app.deck_files f where f.sha256 = p_sha and app_private.deck_role(f.deck_id) is not null)
$$;
comment on function app.blob_readable(text) is 'The size of a blob you may read (one of your decks uses it), else null.';
grant execute on function app.blob_readable(text) to podium_app;

-- Transitions on a live deck -----------------------------------------------------------
create function app.rename_deck(p_deck uuid, p_title text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin'], true);
  update app.decks x set title = p_title, updated_at = app.now() where x.id = d.id returning * into d;
  return app_private.deck_json(d);
end;
$$;
comment on function app.rename_deck(uuid, text) is 'Renames a deck without pushing: id, versions and links unchanged. Owner or workspace admin/owner.';
grant execute on function app.rename_deck(uuid, text) to podium_app;

-- Soft delete: the record is kept, nothing resolves, every share link stops working.
create function app.soft_delete_deck(p_deck uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin'], true);
  update app.decks x set deleted_at = app.now() where x.id = d.id returning * into d;
  return jsonb_build_object('id', d.id, 'deletedAt', d.deleted_at);
end;
$$;
comment on function app.soft_delete_deck(uuid) is 'Soft-deletes a deck (owner or workspace admin/owner): the record is kept and nothing of it resolves any more.';
grant execute on function app.soft_delete_deck(uuid) to podium_app;

-- Duplicate: any version of the source (current by default) into a new deck at version 1
-- in the caller's workspace, owned by the caller; same blobs; no links, collaborators or
-- annotations. Collaborators may duplicate; guests may not (creating a deck).
create function app.duplicate_deck(p_deck uuid, p_version int, p_title text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  src app.decks;
  sv app.deck_versions;
  d app.decks;
  ws uuid;
  files jsonb;
begin
  src := app_private.deck_for(p_deck, array['owner', 'admin', 'collaborator']);
  ws := app_private.require_deck_creator();
  if src.current_version = 0 then
    perform app_private.fail('deck_has_no_version', 'This deck has no version yet: push one before duplicating');
  end if;
  select * into sv from app.deck_versions x where x.deck_id = src.id and x.number = coalesce(p_version, src.current_version);
  if sv.number is null then
    perform app_private.fail('version_not_found', format('The deck has no version %s', p_version), jsonb_build_object('version', p_version));
  end if;
  select jsonb_agg(jsonb_build_object('path', f.path, 'sha256', f.sha256, 'size', f.size)) into files
    from app.deck_files f where f.deck_id = src.id and f.version = sv.number;
  insert into app.decks (workspace_id, owner_id, title, kind, interactive, metadata, remixed_from, current_version, created_at, updated_at)
  values (ws, app.current_user_id(), coalesce(nullif(p_title, ''), left(src.title, 193) || ' (copy)'), src.kind, src.interactive, src.metadata, src.id, 1, app.now(), app.now())
  returning * into d;
  perform app_private.write_version(d.id, 1, sv.entry, files);
  -- The copy's workspace may name these blobs in its next pushes without uploading them.
  insert into app_private.workspace_blobs (workspace_id, sha256)
  select distinct ws, f.sha256 from app.deck_files f where f.deck_id = d.id on conflict do nothing;
  return jsonb_build_object('presentation', app_private.deck_json(d), 'version', 1, 'sourceVersion', sv.number);
end;
$$;
comment on function app.duplicate_deck(uuid, int, text) is 'Copies a version of a deck (current by default) into a new deck at version 1, titled like the source plus (copy).';
grant execute on function app.duplicate_deck(uuid, int, text) to podium_app;

-- Collaborators ------------------------------------------------------------------------
create function app_private.collaborator_json(c app.deck_collaborators) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('id', c.id, 'presentationId', c.deck_id, 'email', c.email, 'userId', c.user_id,
    'claimed', c.user_id is not null, 'createdAt', c.created_at, 'claimedAt', c.claimed_at)
$$;

create function app.invite_collaborator(p_deck uuid, p_email text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app.decks;
  c app.deck_collaborators;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  insert into app.deck_collaborators (deck_id, email, invited_by, created_at)
  values (d.id, lower(trim(p_email)), app.current_user_id(), app.now())
  on conflict (deck_id, lower(email)) do update set email = excluded.email
  returning * into c;
  return app_private.collaborator_json(c);
end;
$$;
comment on function app.invite_collaborator(uuid, text) is 'Invites a person by email to read a deck; the invitation is claimed when an account with that address signs up or signs in.';
grant execute on function app.invite_collaborator(uuid, text) to podium_app;

create function app.list_collaborators(p_deck uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:read');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  return (select coalesce(jsonb_agg(app_private.collaborator_json(c) order by c.created_at desc, c.id desc), '[]')
          from app.deck_collaborators c where c.deck_id = d.id);
end;
$$;
comment on function app.list_collaborators(uuid) is 'Collaborators of a deck (owner or workspace admin/owner), newest first.';
grant execute on function app.list_collaborators(uuid) to podium_app;

create function app.remove_collaborator(p_deck uuid, p_collaborator uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app.decks;
  c app.deck_collaborators;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  delete from app.deck_collaborators x where x.id = p_collaborator and x.deck_id = d.id returning * into c;
  if c.id is null then
    perform app_private.fail('not_found', 'No such collaborator on this deck');
  end if;
  return app_private.collaborator_json(c);
end;
$$;
comment on function app.remove_collaborator(uuid, uuid) is 'Withdraws a collaborator''s access to a deck.';
grant execute on function app.remove_collaborator(uuid, uuid) to podium_app;

-- Claims: pending invitations for an address become the account's on sign-up (a new
-- account) and on sign-in (a new session or a new key).
create function app_private.claim_collaborations(p_user uuid) returns int
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  n int;
begin
  update app.deck_collaborators c set user_id = p_user, claimed_at = now()
   where c.user_id is null and lower(c.email) = (select lower(u.email) from app.users u where u.id = p_user);
  get diagnostics n = row_count;
  return n;
end;
$$;

create function app_private.claim_on_sign_in() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  -- users: the new account itself; sessions and keys: their account.
  perform app_private.claim_collaborations(coalesce(to_jsonb(new) ->> 'user_id', to_jsonb(new) ->> 'id')::uuid);
  return new;
end;
$$;
create trigger claim_collaborations_on_sign_up after insert on app.users for each row execute function app_private.claim_on_sign_in();
create trigger claim_collaborations_on_session after insert on app_private.sessions for each row execute function app_private.claim_on_sign_in();
create trigger claim_collaborations_on_key after insert on app_private.api_keys for each row execute function app_private.claim_on_sign_in();

-- Annotations --------------------------------------------------------------------------
create function app_private.annotation_json(a app.deck_annotations) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object('id', a.id, 'presentationId', a.deck_id, 'version', a.version, 'path', a.path, 'position', a.position,
    'body', a.body, 'author', (select jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name) from app.users u where u.id = a.author_id),
    'createdAt', a.created_at)
$$;

create function app.add_annotation(p_deck uuid, p_version int, p_path text, p_position jsonb, p_body text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app.decks;
  a app.deck_annotations;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin', 'collaborator']);
  if not exists (select 1 from app.deck_files f where f.deck_id = d.id and f.version = coalesce(p_version, d.current_version) and f.path = p_path) then
    perform app_private.fail('invalid_input', format('Version %s has no file %s', coalesce(p_version, d.current_version), p_path), jsonb_build_object('field', 'path'));
  end if;
  insert into app.deck_annotations (deck_id, version, path, position, body, author_id, created_at)
  values (d.id, coalesce(p_version, d.current_version), p_path, coalesce(p_position, '{}'), p_body, app.current_user_id(), app.now())
  returning * into a;
  return app_private.annotation_json(a);
end;
$$;
comment on function app.add_annotation(uuid, int, text, jsonb, text) is 'Comments on a version of a deck at a file path and position (owners, workspace admins, collaborators).';
grant execute on function app.add_annotation(uuid, int, text, jsonb, text) to podium_app;

create function app.list_annotations(p_deck uuid, p_version int, p_limit int, p_before_at timestamptz, p_before_id uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:read');
  d := app_private.deck_for(p_deck, array['owner', 'admin', 'collaborator']);
  return (select coalesce(jsonb_agg(app_private.annotation_json(a) order by a.created_at desc, a.id desc), '[]')
          from (select * from app.deck_annotations x where x.deck_id = d.id and (p_version is null or x.version = p_version)
                  and (p_before_at is null or (x.created_at, x.id) < (p_before_at, p_before_id))
                order by x.created_at desc, x.id desc limit p_limit) a);
end;
$$;
comment on function app.list_annotations(uuid, int, int, timestamptz, uuid) is 'Annotations of a deck (one version or all), newest first.';
grant execute on function app.list_annotations(uuid, int, int, timestamptz, uuid) to podium_app;

create function app.delete_annotation(p_deck uuid, p_annotation uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app.decks;
  r text := app_private.deck_role(p_deck);
  a app.deck_annotations;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin', 'collaborator']);
  delete from app.deck_annotations x where x.id = p_annotation and x.deck_id = d.id
    and (r in ('owner', 'admin') or x.author_id = app.current_user_id())
  returning * into a;
  if a.id is null then
    perform app_private.fail('not_found', 'No such annotation of yours on this deck');
  end if;
  return app_private.annotation_json(a);
end;
$$;
comment on function app.delete_annotation(uuid, uuid) is 'Removes an annotation: its author, or the deck''s owner or workspace admin/owner.';
grant execute on function app.delete_annotation(uuid, uuid) to podium_app;
