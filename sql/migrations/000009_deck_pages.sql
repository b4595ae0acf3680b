-- Deck pages: a thumbnail per version. Committing a version (push, duplicate) enqueues the
-- worker job deck__thumbnail in the same transaction; the push never waits for it. The
-- image bytes live in blob storage under their sha256; this table says which blob is the
-- thumbnail of which version and how it was made.

create table app.deck_thumbnails (
  deck_id uuid not null,
  version int not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  renderer text not null check (renderer in ('chromium', 'title-card')),
  created_at timestamptz not null default now(),
  primary key (deck_id, version),
  foreign key (deck_id, version) references app.deck_versions (deck_id, number) on delete cascade
);
comment on table app.deck_thumbnails is 'The 320x180 PNG thumbnail of a deck version (entry page rendered in Chromium, or a title card).';

alter table app.deck_thumbnails enable row level security;
grant select on app.deck_thumbnails to podium_app;
create policy deck_thumbnails_select on app.deck_thumbnails for select to podium_app using (app_private.deck_role(deck_id) is not null);

create function app_private.enqueue_thumbnail() returns trigger
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  perform graphile_worker.add_job('deck__thumbnail', json_build_object('deckId', new.deck_id, 'version', new.number),
    job_key => format('thumbnail:%s:%s', new.deck_id, new.number));
  return null;
end;
$$;
create trigger deck_versions_thumbnail after insert on app.deck_versions
  for each row execute function app_private.enqueue_thumbnail();

-- What the worker needs to render a version: title and entry, and the manifest. Null when
-- the deck was deleted or the version is gone (the job then has nothing to do).
create function app_private.thumbnail_source(p_deck uuid, p_version int) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object('title', d.title, 'entry', v.entry,
    'files', (select coalesce(jsonb_agg(jsonb_build_object('path', f.path, 'sha256', f.sha256, 'size', f.size)), '[]')
              from app.deck_files f where f.deck_id = v.deck_id and f.version = v.number))
  from app.decks d join app.deck_versions v on v.deck_id = d.id and v.number = p_version
  where d.id = p_deck and d.deleted_at is null
$$;

create function app_private.save_thumbnail(p_deck uuid, p_version int, p_sha text, p_renderer text) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into app.deck_thumbnails (deck_id, version, sha256, renderer) values (p_deck, p_version, p_sha, p_renderer)
  on conflict (deck_id, version) do update set sha256 = excluded.sha256, renderer = excluded.renderer, created_at = now()
$$;

-- The thumbnail blob of a version of a deck the caller may see; null while none is made yet.
create function app.version_thumbnail(p_deck uuid, p_version int) returns text
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform app_private.require_scope('presentations:read');
  if app_private.deck_role(p_deck) is null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  return (select t.sha256 from app.deck_thumbnails t where t.deck_id = p_deck and t.version = p_version);
end;
$$;
comment on function app.version_thumbnail(uuid, int) is 'The sha256 of the thumbnail blob of a deck version, or null while the worker has not made it.';
grant execute on function app.version_thumbnail(uuid, int) to podium_app;
