-- Replaces the secret of a share link with one the route drew (a replayed mint); the previous URL
-- stops working.

CREATE OR REPLACE FUNCTION app_private.rotate_share_secret(p_link uuid, p_token_hash bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  l app.share_links;
begin
  perform app_private.require_scope('presentations:write');
  select * into l from app.share_links x where x.id = p_link;
  if l.id is null or l.revoked_at is not null or coalesce(app_private.deck_role(l.deck_id), 'collaborator') not in ('owner', 'admin') then
    perform app_private.fail('not_found', 'No such share link');
  end if;
  update app_private.share_link_secrets s set token_hash = p_token_hash where s.link_id = l.id;
  return app_private.link_json(l);
end;
$function$;

comment on function app_private.rotate_share_secret(p_link uuid, p_token_hash bytea) is 'Replaces the secret of a share link with one the route drew (a replayed mint); the previous URL stops working.';
revoke all on function app_private.rotate_share_secret(p_link uuid, p_token_hash bytea) from public;
grant execute on function app_private.rotate_share_secret(p_link uuid, p_token_hash bytea) to podium_app;
