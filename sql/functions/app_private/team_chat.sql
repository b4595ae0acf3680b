-- The team's chat channel, made here if it is somehow missing (the event team trigger makes it with
-- the team).

CREATE OR REPLACE FUNCTION app_private.team_chat(p_event uuid, p_team uuid)
 RETURNS app.chat_channels
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c app.chat_channels;
begin
  select * into c from app.chat_channels x where x.team_id = p_team and x.kind = 'team';
  if c.id is null then
    insert into app.chat_channels (event_id, kind, team_id) values (p_event, 'team', p_team)
      on conflict (team_id) where kind = 'team' do nothing;
    select * into c from app.chat_channels x where x.team_id = p_team and x.kind = 'team';
  end if;
  return c;
end;
$function$;

revoke all on function app_private.team_chat(p_event uuid, p_team uuid) from public;
