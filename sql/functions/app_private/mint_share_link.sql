-- Mints a share link on a deck (owner or workspace admin/owner) from the sha256 of the secret the
-- route drew and the argon2id hash it made (share routes and the dashboard preview only).

CREATE OR REPLACE FUNCTION app_private.mint_share_link(p_deck uuid, p_token_hash bytea, p_name text, p_pinned_version integer, p_show_bar boolean, p_can_download boolean, p_forms_enabled boolean, p_expires_in_minutes integer, p_password_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  l app.share_links;
  preview boolean := coalesce(p_name = 'Dashboard preview', false);
  expires timestamptz;
begin
  perform app_private.require_scope('presentations:write');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  if d.current_version = 0 then
    perform app_private.fail('deck_has_no_version', 'This deck has no version yet: push one before sharing it');
  end if;
  if p_pinned_version is not null and not exists (select 1 from app.deck_versions v where v.deck_id = d.id and v.number = p_pinned_version) then
    perform app_private.fail('version_not_found', format('The deck has no version %s', p_pinned_version), jsonb_build_object('version', p_pinned_version));
  end if;
  if p_expires_in_minutes is not null and (p_expires_in_minutes < 1 or p_expires_in_minutes > 3650 * 1440) then
    perform app_private.fail('invalid_expiry', 'A link lives 1 minute to 3650 days', jsonb_build_object('field', 'expiresInMinutes'));
  end if;
  expires := app.now() + make_interval(mins => p_expires_in_minutes);
  if preview then
    expires := least(coalesce(expires, app.now() + interval '1 hour'), app.now() + interval '1 hour');
  end if;
  insert into app.share_links (deck_id, name, pinned_version, show_bar, can_download, forms_enabled, expires_at, has_password, counts_nothing, created_by, created_at)
  values (d.id, coalesce(nullif(trim(p_name), ''), 'Share link'), p_pinned_version, coalesce(p_show_bar, true), coalesce(p_can_download, true),
          coalesce(p_forms_enabled, true), expires, p_password_hash is not null, preview, app.current_user_id(), app.now())
  returning * into l;
  insert into app_private.share_link_secrets (link_id, token_hash, password_hash) values (l.id, p_token_hash, p_password_hash);
  return app_private.link_json(l);
end;
$function$;

comment on function app_private.mint_share_link(p_deck uuid, p_token_hash bytea, p_name text, p_pinned_version integer, p_show_bar boolean, p_can_download boolean, p_forms_enabled boolean, p_expires_in_minutes integer, p_password_hash text) is 'Mints a share link on a deck (owner or workspace admin/owner) from the sha256 of the secret the route drew and the argon2id hash it made (share routes and the dashboard preview only).';
revoke all on function app_private.mint_share_link(p_deck uuid, p_token_hash bytea, p_name text, p_pinned_version integer, p_show_bar boolean, p_can_download boolean, p_forms_enabled boolean, p_expires_in_minutes integer, p_password_hash text) from public;
grant execute on function app_private.mint_share_link(p_deck uuid, p_token_hash bytea, p_name text, p_pinned_version integer, p_show_bar boolean, p_can_download boolean, p_forms_enabled boolean, p_expires_in_minutes integer, p_password_hash text) to podium_app;
