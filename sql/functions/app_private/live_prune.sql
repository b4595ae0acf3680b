-- Deletes live rows older than p_keep (the live__prune task, hourly) and moves the horizon a
-- resume must be above.

CREATE OR REPLACE FUNCTION app_private.live_prune(p_keep interval)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  n integer;
  top bigint;
begin
  with gone as (
    delete from app_private.live_events l where l.at < app.now() - p_keep returning l.id
  )
  select count(*), max(gone.id) into n, top from gone;
  if top is not null then
    update app_private.live_horizon h set pruned_through = greatest(h.pruned_through, top);
  end if;
  return n;
end;
$function$;

comment on function app_private.live_prune(p_keep interval) is 'Deletes live rows older than p_keep (the live__prune task, hourly) and moves the horizon a resume must be above.';
revoke all on function app_private.live_prune(p_keep interval) from public;
