-- app_private.record_sign_in: the rule is the body below.

CREATE OR REPLACE FUNCTION app_private.record_sign_in()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into app_private.sign_ins (user_id) values (new.user_id)
    on conflict (user_id) do update set last_at = now();
  return new;
end;
$function$;

revoke all on function app_private.record_sign_in() from public;
