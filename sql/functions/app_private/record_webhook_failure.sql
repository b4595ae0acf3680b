-- One signature failure: count, first, last, reason. Answers false for an unknown event.

CREATE OR REPLACE FUNCTION app_private.record_webhook_failure(p_event uuid, p_reason text)
 RETURNS boolean
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with ins as (
    insert into app_private.webhook_failures (event_id, count, first_at, last_at, reason)
    select e.id, 1, app.now(), app.now(), p_reason from app.events e where e.id = p_event
    on conflict (event_id) do update set count = app_private.webhook_failures.count + 1, last_at = app.now(), reason = excluded.reason
    returning 1
  ) select exists (select 1 from ins)
$function$;

revoke all on function app_private.record_webhook_failure(p_event uuid, p_reason text) from public;
