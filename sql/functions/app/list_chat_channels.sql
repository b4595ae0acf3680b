-- chats list: the channels you may read: general first, then team chats by name, then request
-- threads newest first.

CREATE OR REPLACE FUNCTION app.list_chat_channels()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
begin
  return coalesce((
    select jsonb_agg(app_private.chat_channel_json(c) order by
        case c.kind when 'general' then 0 when 'team' then 1 else 2 end,
        case when c.kind = 'team' then lower(p.name) end,
        case when c.kind = 'request' then c.created_at end desc, c.id)
    from app.chat_channels c
    left join app.projects p on p.id = c.team_id
    where app_private.chat_channel_readable(ctx, c)
      and (c.kind <> 'team' or exists (select 1 from app.event_teams t where t.project_id = c.team_id and t.event_id = ctx.event_id and t.left_at is null))), '[]');
end;
$function$;

comment on function app.list_chat_channels() is E'@shape app.chat_channel_card[]\nchats list: the channels you may read: general first, then team chats by name, then request threads newest first.';
revoke all on function app.list_chat_channels() from public;
grant execute on function app.list_chat_channels() to podium_app;
