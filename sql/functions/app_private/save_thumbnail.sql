-- The thumbnail worker records a deck version's rendered thumbnail (its sha256 and renderer),
-- replacing an earlier one.

CREATE OR REPLACE FUNCTION app_private.save_thumbnail(p_deck uuid, p_version integer, p_sha text, p_renderer text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into app.deck_thumbnails (deck_id, version, sha256, renderer) values (p_deck, p_version, p_sha, p_renderer)
  on conflict (deck_id, version) do update set sha256 = excluded.sha256, renderer = excluded.renderer, created_at = now()
$function$;

revoke all on function app_private.save_thumbnail(p_deck uuid, p_version integer, p_sha text, p_renderer text) from public;
