-- Responses of a deck with filters (form, link id or name, source, placement, since = created or
-- edited at or after), newest activity first, plus the summary per form x link x source x
-- placement. Owners and workspace admins/owners.

CREATE OR REPLACE FUNCTION app.list_responses(p_deck uuid, p_form text, p_link text, p_source text, p_placement text, p_since timestamp with time zone, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid)
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
  return (
    with matching as (
      select r.id, r.form, r.link_id, r.source, r.placement, r as resp, coalesce(r.edited_at, r.created_at) as activity_at, l.name as link_name
      from app.form_responses r left join app.share_links l on l.id = r.link_id
      where r.deck_id = d.id
        and (p_form is null or r.form = p_form)
        and (p_link is null or r.link_id::text = p_link or l.name = p_link)
        and (p_source is null or r.source = p_source)
        and (p_placement is null or r.placement = p_placement)
        and (p_since is null or coalesce(r.edited_at, r.created_at) >= p_since)
    )
    select jsonb_build_object(
      'summary', (select coalesce(jsonb_agg(s order by s ->> 'latestActivityAt' desc), '[]') from (
          select jsonb_build_object('form', m.form, 'link', case when m.link_id is null then null else jsonb_build_object('id', m.link_id, 'name', m.link_name) end,
            'source', m.source, 'placement', m.placement, 'responses', count(*), 'latestActivityAt', max(m.activity_at)) as s
          from matching m group by m.form, m.link_id, m.link_name, m.source, m.placement) g),
      'items', (select coalesce(jsonb_agg(app_private.response_json(x.resp, l) order by x.activity_at desc, x.id desc), '[]')
                from (select * from matching m where p_before_at is null or (m.activity_at, m.id) < (p_before_at, p_before_id)
                      order by m.activity_at desc, m.id desc limit p_limit) x
                left join app.share_links l on l.id = x.link_id))
  );
end;
$function$;

comment on function app.list_responses(p_deck uuid, p_form text, p_link text, p_source text, p_placement text, p_since timestamp with time zone, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.form_response_page\nForm responses of a deck with filters and a summary, most recent activity first.';
revoke all on function app.list_responses(p_deck uuid, p_form text, p_link text, p_source text, p_placement text, p_since timestamp with time zone, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_responses(p_deck uuid, p_form text, p_link text, p_source text, p_placement text, p_since timestamp with time zone, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to public;
grant execute on function app.list_responses(p_deck uuid, p_form text, p_link text, p_source text, p_placement text, p_since timestamp with time zone, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
