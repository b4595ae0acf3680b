-- Every link of a deck, dashboard previews included, newest first.

CREATE OR REPLACE FUNCTION app.list_share_links(p_deck uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid)
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
  return (select coalesce(jsonb_agg(app_private.link_json(l) order by l.created_at desc, l.id desc), '[]')
          from (select * from app.share_links x where x.deck_id = d.id
                  and (p_before_at is null or (x.created_at, x.id) < (p_before_at, p_before_id))
                order by x.created_at desc, x.id desc limit p_limit) l);
end;
$function$;

comment on function app.list_share_links(p_deck uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.share_link_summary[]\nEvery link of a deck, dashboard previews included, newest first.';
revoke all on function app.list_share_links(p_deck uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_share_links(p_deck uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to public;
grant execute on function app.list_share_links(p_deck uuid, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
