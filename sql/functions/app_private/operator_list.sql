-- podium operator list: the instance operators, oldest first.

CREATE OR REPLACE FUNCTION app_private.operator_list()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('email', u.email, 'name', u.name, 'addedAt', to_char(o.added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'addedBy', o.added_by)
    order by o.added_at, u.email), '[]'::jsonb)
    from app_private.instance_operators o join app.users u on u.id = o.user_id
$function$;

comment on function app_private.operator_list() is 'podium operator list: the instance operators, oldest first.';
revoke all on function app_private.operator_list() from public;
