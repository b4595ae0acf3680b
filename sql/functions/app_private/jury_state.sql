-- The judging window by the server clock: setup before jury open, open until jury close,
-- closed after. One place decides it; every jury rule asks here.
create or replace function app_private.jury_state(p_event uuid) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  s app.jury_settings;
begin
  select * into s from app.jury_settings x where x.event_id = p_event;
  return case
    when s.opened_at is null or s.opened_at > app.now() then 'setup'
    when s.closed_at is not null and s.closed_at <= app.now() then 'closed'
    else 'open' end;
end;
$$;
comment on function app_private.jury_state(uuid) is 'The judging window of an event by app.now(): setup, open or closed.';
revoke all on function app_private.jury_state(uuid) from public;
