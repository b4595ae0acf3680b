-- Holds an event's live publish lock until the transaction ends: one publisher of the event at
-- a time, so the event's ids are in commit order (live_publish takes it). A trigger that
-- publishes a state it reads (a generation run's counts, a vote's coverage) takes it BEFORE
-- reading: of two transactions changing that state at once, the later one then reads the
-- earlier one's committed change (each statement of a READ COMMITTED transaction sees what
-- committed before it began), and the last change published is the state both left. Read
-- first, each would see the other's change as not yet made, and a run whose last two jobs
-- ended together would never be published as finished. Under podium.live_defer = on
-- (record_deliveries) nothing is taken here: the deferred publish takes it at the end.

CREATE OR REPLACE FUNCTION app_private.live_lock(p_event_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if current_setting('podium.live_defer', true) is distinct from 'on' then
    perform pg_advisory_xact_lock(hashtextextended('podium:live:' || p_event_id::text, 0));
  end if;
end;
$function$;

comment on function app_private.live_lock(p_event_id uuid) is 'Holds an event''s live publish lock until the transaction ends (ids in commit order; a trigger publishing a state it reads takes it before reading).';
revoke all on function app_private.live_lock(p_event_id uuid) from public;
