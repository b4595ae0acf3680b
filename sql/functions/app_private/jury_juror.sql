-- A juror of the event named by address: a roster row of role jury; juror_not_found otherwise.
-- Answers the juror key (normalised address).
create or replace function app_private.jury_juror(p_event uuid, p_juror text) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  j text;
begin
  select app_private.normalize_email(r.email) into j from app.roster_entries r
   where r.event_id = p_event and r.role = 'jury' and app_private.normalize_email(r.email) = app_private.normalize_email(p_juror);
  if j is null then
    perform app_private.fail('juror_not_found', format('%s is not a juror of this event (a roster row of role jury)', coalesce(p_juror, 'null')),
      jsonb_build_object('juror', p_juror));
  end if;
  return j;
end;
$$;
comment on function app_private.jury_juror(uuid, text) is 'The juror key of a roster row of role jury named by address; juror_not_found otherwise.';
revoke all on function app_private.jury_juror(uuid, text) from public;
