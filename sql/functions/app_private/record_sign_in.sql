-- Trigger on new sessions and API keys (not the operator's): records when the account last signed
-- in.

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
