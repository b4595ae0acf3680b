-- podium operator remove: takes the instance-operator power away. Idempotent; removed says
-- whether the account held it.

CREATE OR REPLACE FUNCTION app_private.operator_remove(p_email text)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with gone as (
    delete from app_private.instance_operators o using app.users u
     where u.id = o.user_id and u.email = app_private.normalize_email(p_email)
    returning u.email
  )
  select jsonb_build_object('email', app_private.normalize_email(p_email), 'removed', exists (select 1 from gone))
$function$;

comment on function app_private.operator_remove(p_email text) is 'podium operator remove: takes the instance-operator power away. Idempotent; removed says whether the account held it.';
revoke all on function app_private.operator_remove(p_email text) from public;
