-- Appends a change to the live log with its audience (ids in commit order per event, under a
-- per-event advisory lock) and wakes every listening API replica (NOTIFY podium_live, payload:
-- the id). Under podium.live_defer = on (record_deliveries) it stages the change instead and
-- answers null; live_publish_deferred publishes the staged changes.

CREATE OR REPLACE FUNCTION app_private.live_publish(p_event_id uuid, p_kind text, p_roles text[], p_team_id uuid, p_payload jsonb)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  new_id bigint;
begin
  -- Staged for this transaction's own publish at its end (live_publish_deferred): no id yet.
  if current_setting('podium.live_defer', true) = 'on' then
    insert into app_private.live_deferred (event_id, kind, roles, team_id, payload)
      values (p_event_id, p_kind, p_roles, p_team_id, p_payload);
    return null;
  end if;
  -- One publisher of this event at a time from here to commit: the event's ids in commit
  -- order (see the file header). Other events take other locks.
  perform app_private.live_lock(p_event_id);
  insert into app_private.live_events (workspace_id, event_id, kind, roles, team_id, payload)
    select e.workspace_id, e.id, p_kind, p_roles, p_team_id, p_payload from app.events e where e.id = p_event_id
    returning id into new_id;
  if new_id is null then
    raise exception 'live_publish: no event %', p_event_id;
  end if;
  perform pg_notify('podium_live', new_id::text);
  return new_id;
end;
$function$;

comment on function app_private.live_publish(p_event_id uuid, p_kind text, p_roles text[], p_team_id uuid, p_payload jsonb) is 'Appends a change to the live log with its audience (ids in commit order per event, under a per-event advisory lock) and wakes every listening API replica (NOTIFY podium_live, payload: the id). Under podium.live_defer = on (record_deliveries) it stages the change instead and answers null; live_publish_deferred publishes the staged changes.';
revoke all on function app_private.live_publish(p_event_id uuid, p_kind text, p_roles text[], p_team_id uuid, p_payload jsonb) from public;
grant execute on function app_private.live_publish(p_event_id uuid, p_kind text, p_roles text[], p_team_id uuid, p_payload jsonb) to podium_app;
