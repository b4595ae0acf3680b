-- Decks you own or were invited to (every deck of the workspace for its owners and admins), newest
-- first. Checks presentations:read first, like every other deck read (a key with data:export only
-- is refused).

CREATE OR REPLACE FUNCTION app.list_decks(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_scope('presentations:read');
  return (
    select coalesce(jsonb_agg(app_private.deck_json(d) order by d.created_at desc, d.id desc), '[]')
    from (
      select x.* from app.decks x
      where x.deleted_at is null
        and app_private.deck_role(x.id) is not null
        and (x.workspace_id = app.current_workspace_id()
             or x.id in (select c.deck_id from app.deck_collaborators c where c.user_id = app.current_user_id()))
        and (p_before_at is null or (x.created_at, x.id) < (p_before_at, p_before_id))
      order by x.created_at desc, x.id desc
      limit p_limit
    ) d);
end;
$function$;

comment on function app.list_decks(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.deck_summary[]\nDecks you own or were invited to (every deck of the workspace for its owners and admins), newest first.';
revoke all on function app.list_decks(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_decks(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to public;
grant execute on function app.list_decks(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
