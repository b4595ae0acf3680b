-- Deck service, part two: share links (secret kept as a hash, optional argon2id password),
-- views with per-browser de-duplication, form responses with revisions, owner mails
-- (throttled, switchable), export. See 000004_deck.sql for decks and access.

create table app.share_links (
  id uuid primary key default gen_random_uuid(),
  deck_id uuid not null references app.decks (id) on delete cascade,
  name text not null check (length(name) between 1 and 100 and name !~ '[[:cntrl:]]'),
  pinned_version int check (pinned_version >= 1),
  show_bar boolean not null default true,
  can_download boolean not null default true,
  forms_enabled boolean not null default true,
  expires_at timestamptz,
  has_password boolean not null default false,
  counts_nothing boolean not null default false, -- `Dashboard preview` links
  view_count bigint not null default 0,
  download_count bigint not null default 0,
  last_opened_at timestamptz,
  created_by uuid references app.users (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  foreign key (deck_id, pinned_version) references app.deck_versions (deck_id, number) on delete cascade
);
create index share_links_deck_idx on app.share_links (deck_id, created_at desc, id desc);
create index share_links_created_by_idx on app.share_links (created_by);
comment on table app.share_links is 'Share links of a deck: name, latest or pinned version, switches, expiry, counters. The secret and password live in app_private.share_link_secrets.';

create table app_private.share_link_secrets (
  link_id uuid primary key references app.share_links (id) on delete cascade,
  token_hash bytea not null unique, -- sha256 of the URL secret; the secret itself is never stored
  password_hash text -- argon2id
);

create table app.deck_views (
  id uuid primary key default gen_random_uuid(),
  deck_id uuid not null references app.decks (id) on delete cascade,
  link_id uuid not null references app.share_links (id) on delete cascade,
  version int not null,
  source text not null check (source in ('link', 'embed')),
  placement text check (length(placement) between 1 and 100),
  viewed_at timestamptz not null default now()
);
create index deck_views_deck_idx on app.deck_views (deck_id, viewed_at desc, id desc);
create index deck_views_link_idx on app.deck_views (link_id);
comment on table app.deck_views is 'Counted entry loads of share links (de-duplicated per browser within the window), with source and placement.';

create table app_private.view_dedupe (
  link_id uuid not null references app.share_links (id) on delete cascade,
  visitor_hash bytea not null,
  counted_at timestamptz not null,
  primary key (link_id, visitor_hash)
);

create table app.form_responses (
  id uuid primary key default gen_random_uuid(),
  deck_id uuid not null references app.decks (id) on delete cascade,
  form text not null check (length(form) between 1 and 100 and form !~ '[[:cntrl:]]'),
  link_id uuid references app.share_links (id) on delete set null,
  source text not null check (source in ('link', 'embed')),
  placement text check (length(placement) between 1 and 100),
  answers jsonb not null check (jsonb_typeof(answers) = 'object'),
  revision_count int not null default 1,
  created_at timestamptz not null default now(),
  edited_at timestamptz
);
create index form_responses_deck_idx on app.form_responses (deck_id, created_at desc, id desc);
create index form_responses_link_idx on app.form_responses (link_id);
comment on table app.form_responses is 'Form responses submitted through share links or embeds; answers hold the latest revision.';

create table app.form_response_revisions (
  response_id uuid not null references app.form_responses (id) on delete cascade,
  revision int not null,
  answers jsonb not null,
  link_id uuid references app.share_links (id) on delete set null,
  source text not null,
  placement text,
  written_at timestamptz not null default now(),
  primary key (response_id, revision)
);
create index form_response_revisions_link_idx on app.form_response_revisions (link_id);
comment on table app.form_response_revisions is 'Every kept write of a response: the first and the latest 99.';

-- Which browser wrote a response (hash of its cookie), so its next submit edits it.
create table app_private.response_respondents (
  deck_id uuid not null references app.decks (id) on delete cascade,
  form text not null,
  respondent_hash bytea not null,
  response_id uuid not null references app.form_responses (id) on delete cascade,
  primary key (deck_id, form, respondent_hash)
);
create index response_respondents_response_idx on app_private.response_respondents (response_id);

-- Owner mails: at most one per deck per ten minutes.
create table app_private.deck_mail_throttle (
  deck_id uuid primary key references app.decks (id) on delete cascade,
  last_mail_at timestamptz not null
);

alter table app.share_links enable row level security;
alter table app.deck_views enable row level security;
alter table app.form_responses enable row level security;
alter table app.form_response_revisions enable row level security;
grant select on app.share_links, app.deck_views, app.form_responses, app.form_response_revisions to podium_app;
create policy share_links_select on app.share_links for select to podium_app using (app_private.deck_role(deck_id) in ('owner', 'admin'));
create policy deck_views_select on app.deck_views for select to podium_app using (app_private.deck_role(deck_id) in ('owner', 'admin'));
create policy form_responses_select on app.form_responses for select to podium_app using (app_private.deck_role(deck_id) in ('owner', 'admin'));
create policy form_response_revisions_select on app.form_response_revisions for select to podium_app using (
  exists (select 1 from app.form_responses r where r.id = response_id and app_private.deck_role(r.deck_id) in ('owner', 'admin'))
);

-- Share links --------------------------------------------------------------------------
create function app_private.link_json(l app.share_links) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('id', l.id, 'presentationId', l.deck_id, 'name', l.name,
    'follows', case when l.pinned_version is null then 'latest' else 'pinned' end, 'pinnedVersion', l.pinned_version,
    'showBar', l.show_bar, 'canDownload', l.can_download, 'formsEnabled', l.forms_enabled,
    'expiresAt', l.expires_at, 'hasPassword', l.has_password, 'dashboardPreview', l.counts_nothing,
    'viewCount', l.view_count, 'downloadCount', l.download_count, 'lastOpenedAt', l.last_opened_at,
    'createdAt', l.created_at, 'revokedAt', l.revoked_at)
$$;

-- Minted only by this explicit call (never by a push). p_token_hash is the sha256 of the
-- secret the API hands out once. `Dashboard preview` links expire within the hour and
-- count nothing.
create function app.mint_share_link(
  p_deck uuid, p_token_hash bytea, p_name text, p_pinned_version int, p_show_bar boolean, p_can_download boolean,
  p_forms_enabled boolean, p_expires_in_minutes int, p_password_hash text
) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app.decks;
  l app.share_links;
  preview boolean := coalesce(p_name = 'Dashboard preview', false);
  expires timestamptz;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  if d.current_version = 0 then
    perform app_private.fail('deck_has_no_version', 'This deck has no version yet: push one before sharing it');
  end if;
  if p_pinned_version is not null and not exists (select 1 from app.deck_versions v where v.deck_id = d.id and v.number = p_pinned_version) then
    perform app_private.fail('version_not_found', format('The deck has no version %s', p_pinned_version), jsonb_build_object('version', p_pinned_version));
  end if;
  if p_expires_in_minutes is not null and (p_expires_in_minutes < 1 or p_expires_in_minutes > 3650 * 1440) then
    perform app_private.fail('invalid_expiry', 'A link lives 1 minute to 3650 days', jsonb_build_object('field', 'expiresInMinutes'));
  end if;
  expires := app.now() + make_interval(mins => p_expires_in_minutes);
  if preview then
    expires := least(coalesce(expires, app.now() + interval '1 hour'), app.now() + interval '1 hour');
  end if;
  insert into app.share_links (deck_id, name, pinned_version, show_bar, can_download, forms_enabled, expires_at, has_password, counts_nothing, created_by, created_at)
  values (d.id, coalesce(nullif(trim(p_name), ''), 'Share link'), p_pinned_version, coalesce(p_show_bar, true), coalesce(p_can_download, true),
          coalesce(p_forms_enabled, true), expires, p_password_hash is not null, preview, app.current_user_id(), app.now())
  returning * into l;
  insert into app_private.share_link_secrets (link_id, token_hash, password_hash) values (l.id, p_token_hash, p_password_hash);
  return app_private.link_json(l);
end;
$$;
comment on function app.mint_share_link(uuid, bytea, text, int, boolean, boolean, boolean, int, text) is 'Mints a share link on a deck (owner or workspace admin/owner). The server keeps only the hash of its secret.';
grant execute on function app.mint_share_link(uuid, bytea, text, int, boolean, boolean, boolean, int, text) to podium_app;

create function app.list_share_links(p_deck uuid, p_limit int, p_before_at timestamptz, p_before_id uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:read');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  return (select coalesce(jsonb_agg(app_private.link_json(l) order by l.created_at desc, l.id desc), '[]')
          from (select * from app.share_links x where x.deck_id = d.id
                  and (p_before_at is null or (x.created_at, x.id) < (p_before_at, p_before_id))
                order by x.created_at desc, x.id desc limit p_limit) l);
end;
$$;
comment on function app.list_share_links(uuid, int, timestamptz, uuid) is 'Every link of a deck, dashboard previews included, newest first.';
grant execute on function app.list_share_links(uuid, int, timestamptz, uuid) to podium_app;

create function app.revoke_share_link(p_link uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  l app.share_links;
begin
  perform app_private.require_scope('presentations:write');
  select * into l from app.share_links x where x.id = p_link;
  if l.id is null or coalesce(app_private.deck_role(l.deck_id), 'collaborator') not in ('owner', 'admin') then
    perform app_private.fail('not_found', 'No such share link');
  end if;
  update app.share_links x set revoked_at = coalesce(x.revoked_at, app.now()) where x.id = l.id returning * into l;
  return app_private.link_json(l);
end;
$$;
comment on function app.revoke_share_link(uuid) is 'Stops a share link for good.';
grant execute on function app.revoke_share_link(uuid) to podium_app;

-- Serving (public, no caller) ----------------------------------------------------------
-- One indexed lookup: what a share-link secret opens right now, or null when it opens
-- nothing (unknown, revoked, expired, deck deleted or without a version). Called by the
-- API's link cache; secondsLeft bounds how long the answer may be cached.
create function app_private.resolve_share_link(p_token_hash bytea) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('linkId', l.id, 'deckId', d.id, 'title', d.title, 'version', v.number, 'entry', v.entry,
    'attachmentCount', v.attachment_count, 'attachmentBytes', v.attachment_bytes,
    'showBar', l.show_bar, 'canDownload', l.can_download, 'formsEnabled', l.forms_enabled, 'countsNothing', l.counts_nothing,
    'passwordHash', s.password_hash,
    'secondsLeft', case when l.expires_at is null then null else extract(epoch from l.expires_at - app.now()) end)
  from app_private.share_link_secrets s
  join app.share_links l on l.id = s.link_id
  join app.decks d on d.id = l.deck_id
  join app.deck_versions v on v.deck_id = d.id and v.number = coalesce(l.pinned_version, d.current_version)
  where s.token_hash = p_token_hash and l.revoked_at is null and d.deleted_at is null
    and (l.expires_at is null or l.expires_at > app.now())
$$;

-- A view is counted unless the same browser was counted on this link within the window;
-- requests without a browser cookie (p_visitor null) count every time.
create function app_private.record_view(p_link uuid, p_version int, p_visitor bytea, p_source text, p_placement text, p_window_minutes int) returns boolean
  language plpgsql volatile
  set search_path = ''
as $$
declare
  l app.share_links;
  t timestamptz := app.now();
begin
  select * into l from app.share_links x where x.id = p_link;
  if l.id is null or l.counts_nothing then
    return false;
  end if;
  if p_visitor is not null then
    insert into app_private.view_dedupe as x (link_id, visitor_hash, counted_at) values (p_link, p_visitor, t)
    on conflict (link_id, visitor_hash) do update set counted_at = excluded.counted_at
      where x.counted_at <= t - make_interval(mins => p_window_minutes);
    if not found then
      return false;
    end if;
  end if;
  insert into app.deck_views (deck_id, link_id, version, source, placement, viewed_at) values (l.deck_id, l.id, p_version, p_source, p_placement, t);
  update app.share_links x set view_count = x.view_count + 1, last_opened_at = t where x.id = l.id;
  return true;
end;
$$;

-- One per attachment taken, one per zip; never for a view, never on a dashboard preview.
create function app_private.count_download(p_link uuid) returns void
  language sql volatile
  set search_path = ''
as $$
  update app.share_links x set download_count = x.download_count + 1 where x.id = p_link and not x.counts_nothing
$$;

-- Views ----------------------------------------------------------------------------------
create function app.list_views(p_deck uuid, p_limit int, p_before_at timestamptz, p_before_id uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:read');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  return jsonb_build_object(
    'summary', (select jsonb_build_object('views', count(*), 'lastOpenedAt', max(v.viewed_at)) from app.deck_views v where v.deck_id = d.id),
    'items', (select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'linkId', v.link_id, 'linkName', l.name, 'version', v.version,
                'source', v.source, 'placement', v.placement, 'viewedAt', v.viewed_at) order by v.viewed_at desc, v.id desc), '[]')
              from (select * from app.deck_views x where x.deck_id = d.id
                      and (p_before_at is null or (x.viewed_at, x.id) < (p_before_at, p_before_id))
                    order by x.viewed_at desc, x.id desc limit p_limit) v
              join app.share_links l on l.id = v.link_id));
end;
$$;
comment on function app.list_views(uuid, int, timestamptz, uuid) is 'Counted views of a deck, newest first, with a summary (total, last opened).';
grant execute on function app.list_views(uuid, int, timestamptz, uuid) to podium_app;

-- Forms ----------------------------------------------------------------------------------
-- A submission through a link (source link) or an embed (source embed, with placement).
-- The same browser (p_respondent) submitting the same form again edits its response;
-- revisions beyond 100 drop the oldest but the first. Owner mail: one kind for a new
-- response, another for an edit, never the answers, at most one per deck per ten minutes.
create function app_private.submit_form_response(
  p_link uuid, p_form text, p_answers jsonb, p_source text, p_placement text, p_respondent bytea
) returns jsonb
  language plpgsql volatile
  set search_path = ''
as $$
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
  if not l.forms_enabled then
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
$$;

-- What the owner-mail job needs: never the answers.
create function app_private.deck_notice(p_deck uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('deckId', d.id, 'title', d.title, 'ownerEmail', u.email, 'notify', d.notify, 'deleted', d.deleted_at is not null,
    'responses', (select count(*) from app.form_responses r where r.deck_id = d.id))
  from app.decks d join app.users u on u.id = d.owner_id where d.id = p_deck
$$;

create function app.set_deck_notify(p_deck uuid, p_enabled boolean) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin'], true);
  update app.decks x set notify = p_enabled where x.id = d.id returning * into d;
  return jsonb_build_object('presentationId', d.id, 'notify', d.notify);
end;
$$;
comment on function app.set_deck_notify(uuid, boolean) is 'Switches the owner mails on form activity for a deck, without touching forms.';
grant execute on function app.set_deck_notify(uuid, boolean) to podium_app;

create function app_private.response_json(r app.form_responses, l app.share_links) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('id', r.id, 'form', r.form, 'link', case when l.id is null then null else jsonb_build_object('id', l.id, 'name', l.name) end,
    'source', r.source, 'placement', r.placement, 'answers', r.answers, 'revisions', r.revision_count,
    'createdAt', r.created_at, 'editedAt', r.edited_at, 'lastActivityAt', coalesce(r.edited_at, r.created_at))
$$;

-- Responses with filters (form, link id or name, source, placement, since = created or
-- edited at or after), newest activity first, plus the summary per form x link x source x placement.
create function app.list_responses(
  p_deck uuid, p_form text, p_link text, p_source text, p_placement text, p_since timestamptz,
  p_limit int, p_before_at timestamptz, p_before_id uuid
) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:read');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  return (
    with matching as (
      select r.id, r.form, r.link_id, r.source, r.placement, r as resp, coalesce(r.edited_at, r.created_at) as activity_at, l.name as link_name
      from app.form_responses r left join app.share_links l on l.id = r.link_id
      where r.deck_id = d.id
        and (p_form is null or r.form = p_form)
        and (p_link is null or r.link_id::text = p_link or l.name = p_link)
        and (p_source is null or r.source = p_source)
        and (p_placement is null or r.placement = p_placement)
        and (p_since is null or coalesce(r.edited_at, r.created_at) >= p_since)
    )
    select jsonb_build_object(
      'summary', (select coalesce(jsonb_agg(s order by s ->> 'latestActivityAt' desc), '[]') from (
          select jsonb_build_object('form', m.form, 'link', case when m.link_id is null then null else jsonb_build_object('id', m.link_id, 'name', m.link_name) end,
            'source', m.source, 'placement', m.placement, 'responses', count(*), 'latestActivityAt', max(m.activity_at)) as s
          from matching m group by m.form, m.link_id, m.link_name, m.source, m.placement) g),
      'items', (select coalesce(jsonb_agg(app_private.response_json(x.resp, l) order by x.activity_at desc, x.id desc), '[]')
                from (select * from matching m where p_before_at is null or (m.activity_at, m.id) < (p_before_at, p_before_id)
                      order by m.activity_at desc, m.id desc limit p_limit) x
                left join app.share_links l on l.id = x.link_id))
  );
end;
$$;
comment on function app.list_responses(uuid, text, text, text, text, timestamptz, int, timestamptz, uuid) is 'Form responses of a deck with filters and a summary, most recent activity first.';
grant execute on function app.list_responses(uuid, text, text, text, text, timestamptz, int, timestamptz, uuid) to podium_app;

create function app.get_response(p_deck uuid, p_response uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  d app.decks;
  r app.form_responses;
  l app.share_links;
begin
  perform app_private.require_scope('presentations:read');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  select * into r from app.form_responses x where x.id = p_response and x.deck_id = d.id;
  if r.id is null then
    perform app_private.fail('not_found', 'No such response on this deck');
  end if;
  select * into l from app.share_links x where x.id = r.link_id;
  return app_private.response_json(r, l) || jsonb_build_object('revisionsKept', (
    select coalesce(jsonb_agg(jsonb_build_object('revision', v.revision, 'answers', v.answers,
             'link', case when vl.id is null then null else jsonb_build_object('id', vl.id, 'name', vl.name) end,
             'source', v.source, 'placement', v.placement, 'writtenAt', v.written_at) order by v.revision), '[]')
    from app.form_response_revisions v left join app.share_links vl on vl.id = v.link_id where v.response_id = r.id));
end;
$$;
comment on function app.get_response(uuid, uuid) is 'One response: the current answer and every kept revision with its link and write time.';
grant execute on function app.get_response(uuid, uuid) to podium_app;

-- Export ---------------------------------------------------------------------------------
-- Everything of the decks you manage (owner, or workspace admin/owner): decks with their
-- versions and links (never a secret), views and responses with their revisions.
create function app.export_decks() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform app_private.require_scope('data:export');
  return (
    with mine as (
      select d.* from app.decks d
      where d.deleted_at is null and d.workspace_id = app.current_workspace_id() and app_private.deck_role(d.id) in ('owner', 'admin')
    )
    select jsonb_build_object(
      'exportedAt', app.now(),
      'workspaceId', app.current_workspace_id(),
      'decks', (select coalesce(jsonb_agg(app_private.deck_json(m) || jsonb_build_object(
          'versions', (select coalesce(jsonb_agg(app_private.version_json(v) order by v.number), '[]') from app.deck_versions v where v.deck_id = m.id),
          'shareLinks', (select coalesce(jsonb_agg(app_private.link_json(l) order by l.created_at), '[]') from app.share_links l where l.deck_id = m.id))
        order by m.created_at desc), '[]') from mine m),
      'views', (select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'presentationId', v.deck_id, 'linkId', v.link_id, 'version', v.version,
          'source', v.source, 'placement', v.placement, 'viewedAt', v.viewed_at) order by v.viewed_at desc), '[]')
        from app.deck_views v join mine m on m.id = v.deck_id),
      'responses', (select coalesce(jsonb_agg(app_private.response_json(r, l) || jsonb_build_object('presentationId', r.deck_id,
          'revisionsKept', (select coalesce(jsonb_agg(jsonb_build_object('revision', x.revision, 'answers', x.answers, 'linkId', x.link_id, 'writtenAt', x.written_at) order by x.revision), '[]')
                            from app.form_response_revisions x where x.response_id = r.id)) order by r.created_at desc), '[]')
        from app.form_responses r join mine m on m.id = r.deck_id left join app.share_links l on l.id = r.link_id)
    )
  );
end;
$$;
comment on function app.export_decks() is 'Export (data:export): the decks you manage in this workspace with versions and links, their views and their form responses.';
grant execute on function app.export_decks() to podium_app;

-- A fresh secret for a link (a retried mint whose first answer was lost): the old URL stops working.
create function app.rotate_share_secret(p_link uuid, p_token_hash bytea) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  l app.share_links;
begin
  perform app_private.require_scope('presentations:write');
  select * into l from app.share_links x where x.id = p_link;
  if l.id is null or l.revoked_at is not null or coalesce(app_private.deck_role(l.deck_id), 'collaborator') not in ('owner', 'admin') then
    perform app_private.fail('not_found', 'No such share link');
  end if;
  update app_private.share_link_secrets s set token_hash = p_token_hash where s.link_id = l.id;
  return app_private.link_json(l);
end;
$$;
comment on function app.rotate_share_secret(uuid, bytea) is 'Replaces the secret of a share link; the previous URL stops working.';
grant execute on function app.rotate_share_secret(uuid, bytea) to podium_app;
