-- Stops a share link for good.

CREATE OR REPLACE FUNCTION app.revoke_share_link(p_link uuid)
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
  if l.id is null or coalesce(app_private.deck_role(l.deck_id), 'collaborator') not in ('owner', 'admin') then
    perform app_private.fail('not_found', 'No such share link');
  end if;
  update app.share_links x set revoked_at = coalesce(x.revoked_at, app.now()) where x.id = l.id returning * into l;
  return app_private.link_json(l);
end;
$function$;

comment on function app.revoke_share_link(p_link uuid) is E'@shape app.share_link_summary\nStops a share link for good.';
revoke all on function app.revoke_share_link(p_link uuid) from public;
grant execute on function app.revoke_share_link(p_link uuid) to public;
grant execute on function app.revoke_share_link(p_link uuid) to podium_app;
