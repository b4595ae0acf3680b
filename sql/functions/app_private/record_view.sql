-- A view is counted unless the same browser was counted on this link within the window;
-- requests without a browser cookie (p_visitor null) count every time.

CREATE OR REPLACE FUNCTION app_private.record_view(p_link uuid, p_version integer, p_visitor bytea, p_source text, p_placement text, p_window_minutes integer)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  l app.share_links;
  t timestamptz := app.now();
begin
  select * into l from app.share_links x where x.id = p_link;
  if l.id is null or l.counts_nothing then
    return false;
  end if;
  if p_visitor is not null then
    insert into app_private.view_dedupe as x (link_id, visitor_hash, counted_at) values (p_link, p_visitor, t)
    on conflict (link_id, visitor_hash) do update set counted_at = excluded.counted_at
      where x.counted_at <= t - make_interval(mins => p_window_minutes);
    if not found then
      return false;
    end if;
  end if;
  insert into app.deck_views (deck_id, link_id, version, source, placement, viewed_at) values (l.deck_id, l.id, p_version, p_source, p_placement, t);
  update app.share_links x set view_count = x.view_count + 1, last_opened_at = t where x.id = l.id;
  return true;
end;
$function$;

revoke all on function app_private.record_view(p_link uuid, p_version integer, p_visitor bytea, p_source text, p_placement text, p_window_minutes integer) from public;
