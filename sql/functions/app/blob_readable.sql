-- A blob is readable by whoever may see a deck version that uses it.

CREATE OR REPLACE FUNCTION app.blob_readable(p_sha text)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select b.size from app_private.blobs b
  where b.sha256 = p_sha and app.has_scope('presentations:read')
    and exists (select 1 from app.deck_files f where f.sha256 = p_sha and app_private.deck_role(f.deck_id) is not null)
$function$;

comment on function app.blob_readable(p_sha text) is 'The size of a blob you may read (one of your decks uses it), else null.';
revoke all on function app.blob_readable(p_sha text) from public;
grant execute on function app.blob_readable(p_sha text) to public;
grant execute on function app.blob_readable(p_sha text) to podium_app;
