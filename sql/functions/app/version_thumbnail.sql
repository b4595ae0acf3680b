-- The sha256 of the thumbnail blob of a deck version, or null while the worker has not made it.

CREATE OR REPLACE FUNCTION app.version_thumbnail(p_deck uuid, p_version integer)
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

comment on function app.version_thumbnail(p_deck uuid, p_version integer) is 'The sha256 of the thumbnail blob of a deck version, or null while the worker has not made it.';
revoke all on function app.version_thumbnail(p_deck uuid, p_version integer) from public;
grant execute on function app.version_thumbnail(p_deck uuid, p_version integer) to public;
grant execute on function app.version_thumbnail(p_deck uuid, p_version integer) to podium_app;
