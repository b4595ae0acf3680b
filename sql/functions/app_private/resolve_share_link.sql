-- Serving (public, no caller): what a share-link secret opens right now, in one indexed lookup, or
-- null when it opens nothing (unknown, revoked, expired, deck deleted or without a version). Called
-- by the API's link cache; secondsLeft bounds how long the answer may be cached.

CREATE OR REPLACE FUNCTION app_private.resolve_share_link(p_token_hash bytea)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('linkId', l.id, 'deckId', d.id, 'title', d.title, 'version', v.number, 'entry', v.entry,
    'attachmentCount', v.attachment_count, 'attachmentBytes', v.attachment_bytes,
    'showBar', l.show_bar, 'canDownload', l.can_download, 'formsEnabled', l.forms_enabled, 'countsNothing', l.counts_nothing,
    'passwordHash', s.password_hash,
    'secondsLeft', case when l.expires_at is null then null else extract(epoch from l.expires_at - app.now()) end)
  from app_private.share_link_secrets s
  join app.share_links l on l.id = s.link_id
  join app.decks d on d.id = l.deck_id
  join app.deck_versions v on v.deck_id = d.id and v.number = coalesce(l.pinned_version, d.current_version)
  where s.token_hash = p_token_hash and l.revoked_at is null and d.deleted_at is null
    and (l.expires_at is null or l.expires_at > app.now())
$function$;

revoke all on function app_private.resolve_share_link(p_token_hash bytea) from public;
