-- Versions of a deck, newest first.

CREATE OR REPLACE FUNCTION app.list_deck_versions(p_deck uuid, p_limit integer, p_before integer)
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

comment on function app.list_deck_versions(p_deck uuid, p_limit integer, p_before integer) is E'@shape app.deck_version_summary[]\nVersions of a deck, newest first.';
revoke all on function app.list_deck_versions(p_deck uuid, p_limit integer, p_before integer) from public;
grant execute on function app.list_deck_versions(p_deck uuid, p_limit integer, p_before integer) to public;
grant execute on function app.list_deck_versions(p_deck uuid, p_limit integer, p_before integer) to podium_app;
