-- No credential is ever made for an erased account, whatever path tries (a tombstone typed
-- at a sign-in form, a stale flow). A code request is dropped silently (its answer stays the
-- generic one); a session, a key or a secret is refused. Security definer: row security
-- never hides the account from the check, whoever inserts.

CREATE OR REPLACE FUNCTION app_private.refuse_erased_credential()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from app.users u where u.id = new.user_id and u.erased_at is not null) then
    if tg_table_name = 'login_codes' then
      return null;
    end if;
    perform app_private.fail('unauthorized', 'This account was erased');
  end if;
  return new;
end;
$function$;

revoke all on function app_private.refuse_erased_credential() from public;
