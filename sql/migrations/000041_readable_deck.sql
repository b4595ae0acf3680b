-- One readable-deck helper: app.get_deck, list_deck_versions, list_deck_files and
-- version_thumbnail each began with the same preamble (presentations:read, then not_found
-- for a deck the caller may not read, another workspace's answering exactly like a missing
-- or deleted one). It is app_private.readable_deck now, answering the deck row; the four
-- functions are redefined on it (bodies otherwise unchanged, copied from sql/schema.sql).
-- Writes keep app_private.deck_for(deck, roles, lock), which adds deck_read_only.

create function app_private.readable_deck(p_deck uuid) returns app.decks
  language plpgsql stable
  set search_path = ''
as $$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:read');
  if app_private.deck_role(p_deck) is null then
    perform app_private.fail('not_found', 'No such deck', jsonb_build_object('presentationId', p_deck));
  end if;
  select * into d from app.decks x where x.id = p_deck;
  return d;
end;
$$;
comment on function app_private.readable_deck(uuid) is
  'The deck once the credential holds presentations:read and the caller may read it (owner, workspace admin, collaborator); not_found otherwise, a deck of another workspace answering like a missing or deleted one.';

create or replace function app.get_deck(p_deck uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  v app.deck_versions;
begin
  d := app_private.readable_deck(p_deck);
  select * into v from app.deck_versions x where x.deck_id = d.id and x.number = d.current_version;
  return app_private.deck_json(d) || jsonb_build_object('currentVersion', case when v.number is null then null else app_private.version_json(v) end);
end;
$function$;

create or replace function app.list_deck_files(p_deck uuid, p_version integer, p_limit integer, p_after text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  v app.deck_versions;
begin
  d := app_private.readable_deck(p_deck);
  select * into v from app.deck_versions x where x.deck_id = p_deck and x.number = coalesce(p_version, d.current_version);
  if v.number is null then
    perform app_private.fail('version_not_found', format('The deck has no version %s', coalesce(p_version, d.current_version)), jsonb_build_object('version', coalesce(p_version, d.current_version)));
  end if;
  return jsonb_build_object('version', app_private.version_json(v), 'items', (
    select coalesce(jsonb_agg(jsonb_build_object('path', f.path, 'sha256', f.sha256, 'size', f.size, 'attachment', f.path like 'downloads/_%') order by f.path), '[]')
    from (select * from app.deck_files x where x.deck_id = p_deck and x.version = v.number and (p_after is null or x.path > p_after)
          order by x.path limit p_limit) f));
end;
$function$;

create or replace function app.list_deck_versions(p_deck uuid, p_limit integer, p_before integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.readable_deck(p_deck);
  return (select coalesce(jsonb_agg(app_private.version_json(v) order by v.number desc), '[]')
          from (select * from app.deck_versions x where x.deck_id = p_deck and (p_before is null or x.number < p_before)
                order by x.number desc limit p_limit) v);
end;
$function$;

create or replace function app.version_thumbnail(p_deck uuid, p_version integer)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.readable_deck(p_deck);
  return (select t.sha256 from app.deck_thumbnails t where t.deck_id = p_deck and t.version = p_version);
end;
$function$;
