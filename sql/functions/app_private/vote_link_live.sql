-- Whether a vote link opens a live deck of this instance: a share link that is not revoked
-- or expired, of a deck not deleted that has a version (what /v/<token>/ would serve).

CREATE OR REPLACE FUNCTION app_private.vote_link_live(p_link text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p_link is not null and app_private.resolve_share_link(
    pg_catalog.sha256(convert_to(substring(p_link from '/v/([A-Za-z0-9_-]+)/$'), 'UTF8'))) is not null
$function$;

revoke all on function app_private.vote_link_live(p_link text) from public;
