-- The worker applies the key usage deltas that API replicas counted: one row per key and route with
-- its count and lastUsedAt ([{ keyId, route, count, lastUsedAt }]).

CREATE OR REPLACE FUNCTION app_private.apply_usage(p_rows jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  n int;
begin
  with r as (
    select (x ->> 'keyId')::uuid as key_id, x ->> 'route' as route, (x ->> 'count')::bigint as cnt,
           (x ->> 'lastUsedAt')::timestamptz as last_used_at
    from jsonb_array_elements(p_rows) x
  ), live as (
    select r.* from r join app_private.api_keys k on k.id = r.key_id
  ), upserted as (
    insert into app_private.key_usage as u (key_id, route, request_count, last_used_at)
    select key_id, route, sum(cnt), max(last_used_at) from live group by key_id, route
    on conflict (key_id, route) do update set request_count = u.request_count + excluded.request_count,
      last_used_at = greatest(u.last_used_at, excluded.last_used_at)
    returning 1
  )
  select count(*) into n from upserted;
  update app_private.api_keys k set last_used_at = greatest(k.last_used_at, m.last_used_at)
  from (select (x ->> 'keyId')::uuid as key_id, max((x ->> 'lastUsedAt')::timestamptz) as last_used_at
        from jsonb_array_elements(p_rows) x group by 1) m
  where k.id = m.key_id;
  return n;
end;
$function$;

revoke all on function app_private.apply_usage(p_rows jsonb) from public;
