-- The provision worker marks a provision run done, with its summary.

CREATE OR REPLACE FUNCTION app_private.finish_provision(p_event uuid, p_key text, p_summary jsonb)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update app_private.provision_runs set state = 'done', summary = p_summary, finished_at = now() where event_id = p_event and key = p_key
$function$;

revoke all on function app_private.finish_provision(p_event uuid, p_key text, p_summary jsonb) from public;
