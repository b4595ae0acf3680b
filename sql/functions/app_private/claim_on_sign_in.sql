-- Trigger: a new account, session or API key claims the deck collaborations invited under its
-- account's email.

CREATE OR REPLACE FUNCTION app_private.claim_on_sign_in()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- users: the new account itself; sessions and keys: their account.
  perform app_private.claim_collaborations(coalesce(to_jsonb(new) ->> 'user_id', to_jsonb(new) ->> 'id')::uuid);
  return new;
end;
$function$;

revoke all on function app_private.claim_on_sign_in() from public;
