-- The jury settings row of an event, made with the defaults (scale 1-5, k = 3) on first use
-- and locked for the caller's transaction when p_lock.
create or replace function app_private.jury_settings_of(p_event uuid, p_lock boolean) returns app.jury_settings
  language plpgsql
  set search_path = ''
as $$
declare
  s app.jury_settings;
begin
  insert into app.jury_settings (event_id) values (p_event) on conflict (event_id) do nothing;
  if p_lock then
    select * into s from app.jury_settings x where x.event_id = p_event for update;
  else
    select * into s from app.jury_settings x where x.event_id = p_event;
  end if;
  return s;
end;
$$;
comment on function app_private.jury_settings_of(uuid, boolean) is 'The jury settings of an event (created with the defaults on first use), locked when p_lock.';
revoke all on function app_private.jury_settings_of(uuid, boolean) from public;
