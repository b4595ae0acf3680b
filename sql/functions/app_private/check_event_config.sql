-- Refuses invalid_input for an event configuration: name, IANA time zone, build end after start,
-- vote opening at the freeze or later, close after opening, reason. A vote opening before the
-- freeze names the freeze instant in the details (freezeAt) and says why: the build end is followed
-- by 15 minutes of grace in which pushes still count.

CREATE OR REPLACE FUNCTION app_private.check_event_config(p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_freeze timestamptz := app_private.freeze_of(p_build_ends_at);
begin
  if p_name is null or length(trim(p_name)) not between 1 and 100 or p_name ~ '[[:cntrl:]]' then
    perform app_private.fail('invalid_input', 'name must be 1 to 100 characters on one line', '{"field":"name"}');
  end if;
  if p_timezone is null or not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = p_timezone) then
    perform app_private.fail('invalid_input', format('timezone must be an IANA time zone name such as Europe/Berlin, got %s', coalesce(p_timezone, 'nothing')), '{"field":"timezone"}');
  end if;
  if p_build_ends_at <= p_starts_at then
    perform app_private.fail('invalid_input', 'buildEndsAt must be after startsAt', '{"field":"buildEndsAt"}');
  end if;
  if p_vote_opens_at < v_freeze then
    perform app_private.fail('invalid_input', format('voteOpensAt must be at the freeze (%s, build end + 15 minutes) or later: the build end is followed by 15 minutes of grace in which pushes still count',
      app_private.iso(v_freeze)), jsonb_build_object('field', 'voteOpensAt', 'freezeAt', app_private.iso(v_freeze)));
  end if;
  if p_vote_closes_at <= p_vote_opens_at then
    perform app_private.fail('invalid_input', 'voteClosesAt must be after voteOpensAt', '{"field":"voteClosesAt"}');
  end if;
  if p_reason is not null and (length(trim(p_reason)) not between 1 and 500) then
    perform app_private.fail('invalid_input', 'reason must be 1 to 500 characters', '{"field":"reason"}');
  end if;
end;
$function$;

revoke all on function app_private.check_event_config(p_name text, p_timezone text, p_starts_at timestamp with time zone, p_build_ends_at timestamp with time zone, p_vote_opens_at timestamp with time zone, p_vote_closes_at timestamp with time zone, p_reason text) from public;
