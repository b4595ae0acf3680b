-- The file id of a deck file or an archive, for the answers that list them.

CREATE OR REPLACE FUNCTION app_private.deck_file_id(p_deck uuid, p_version integer, p_path text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select f.id from app_private.files f where f.kind = 'deck_file' and f.deck_id = p_deck and f.version = p_version and f.path = p_path
$function$;

revoke all on function app_private.deck_file_id(p_deck uuid, p_version integer, p_path text) from public;
