-- Copies a version of a deck (current by default) into a new deck at version 1, titled like the
-- source plus (copy). Needs presentations:write.

CREATE OR REPLACE FUNCTION app.duplicate_deck(p_deck uuid, p_version integer, p_title text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('presentations:write');
  return app_private.duplicate_deck_checked_by_caller(p_deck, p_version, p_title);
end;
$function$;

comment on function app.duplicate_deck(p_deck uuid, p_version integer, p_title text) is E'@shape app.deck_duplicate_result\nCopies a version of a deck (current by default) into a new deck at version 1, titled like the source plus (copy). Needs presentations:write.';
revoke all on function app.duplicate_deck(p_deck uuid, p_version integer, p_title text) from public;
grant execute on function app.duplicate_deck(p_deck uuid, p_version integer, p_title text) to public;
grant execute on function app.duplicate_deck(p_deck uuid, p_version integer, p_title text) to podium_app;
