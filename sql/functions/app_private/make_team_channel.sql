-- Trigger: every event team has its team chat from the moment it joins the event.

CREATE OR REPLACE FUNCTION app_private.make_team_channel()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into app.chat_channels (event_id, kind, team_id) values (new.event_id, 'team', new.project_id)
    on conflict (team_id) where kind = 'team' do nothing;
  return null;
end;
$function$;

comment on function app_private.make_team_channel() is 'Trigger: every event team has its team chat from the moment it joins the event.';
revoke all on function app_private.make_team_channel() from public;
