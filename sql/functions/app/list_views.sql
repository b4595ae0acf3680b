-- Counted views of a deck, newest first, paged before (viewedAt, id), with a summary (total, last
-- opened). Owners and workspace admins/owners.

CREATE OR REPLACE FUNCTION app.list_views(p_deck uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
begin
  perform app_private.require_scope('presentations:read');
  d := app_private.deck_for(p_deck, array['owner', 'admin']);
  return jsonb_build_object(
    'summary', (select jsonb_build_object('views', count(*), 'lastOpenedAt', max(v.viewed_at)) from app.deck_views v where v.deck_id = d.id),
    'items', (select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'linkId', v.link_id, 'linkName', l.name, 'version', v.version,
                'source', v.source, 'placement', v.placement, 'viewedAt', v.viewed_at) order by v.viewed_at desc, v.id desc), '[]')
              from (select * from app.deck_views x where x.deck_id = d.id
                      and (p_before_at is null or (x.viewed_at, x.id) < (p_before_at, p_before_id))
                    order by x.viewed_at desc, x.id desc limit p_limit) v
              join app.share_links l on l.id = v.link_id));
end;
$function$;

comment on function app.list_views(p_deck uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.deck_view_page\nCounted views of a deck, newest first, with a summary (total, last opened).';
revoke all on function app.list_views(p_deck uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_views(p_deck uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to public;
grant execute on function app.list_views(p_deck uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
