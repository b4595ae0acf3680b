-- Counts a download through a share link, unless the link counts nothing (the deck serve route
-- calls it).

CREATE OR REPLACE FUNCTION app_private.count_download(p_link uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update app.share_links x set download_count = x.download_count + 1 where x.id = p_link and x.counts_nothing is false
$function$;

revoke all on function app_private.count_download(p_link uuid) from public;
