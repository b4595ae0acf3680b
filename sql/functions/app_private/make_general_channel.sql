-- The general channel comes with the event, a team chat with the team's entry into the event.

CREATE OR REPLACE FUNCTION app_private.make_general_channel()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into app.chat_channels (event_id, kind) values (new.id, 'general')
    on conflict (event_id) where kind = 'general' do nothing;
  return null;
end;
$function$;

comment on function app_private.make_general_channel() is 'Trigger: every event has its general channel (the feed) from its first moment.';
revoke all on function app_private.make_general_channel() from public;
