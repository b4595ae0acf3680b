-- A share link as JSON: what it follows (latest or a pinned version), its options, expiry, counts,
-- and whether it is a dashboard preview. Never its secret.

CREATE OR REPLACE FUNCTION app_private.link_json(l app.share_links)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', l.id, 'presentationId', l.deck_id, 'name', l.name,
    'follows', case when l.pinned_version is null then 'latest' else 'pinned' end, 'pinnedVersion', l.pinned_version,
    'showBar', l.show_bar, 'canDownload', l.can_download, 'formsEnabled', l.forms_enabled,
    'expiresAt', l.expires_at, 'hasPassword', l.has_password, 'dashboardPreview', l.counts_nothing,
    'viewCount', l.view_count, 'downloadCount', l.download_count, 'lastOpenedAt', l.last_opened_at,
    'createdAt', l.created_at, 'revokedAt', l.revoked_at)
$function$;

revoke all on function app_private.link_json(l app.share_links) from public;
