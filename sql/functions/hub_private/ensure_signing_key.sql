-- Stores a new hub signing key only if no key is active; answers whether it did. An advisory lock
-- makes hub replicas starting together keep one key.

CREATE OR REPLACE FUNCTION hub_private.ensure_signing_key(p_kid text, p_public_jwk jsonb, p_private_sealed text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform pg_advisory_xact_lock(7432090);
  if exists (select 1 from hub_private.signing_keys k where k.retired_at is null) then
    return false;
  end if;
  insert into hub_private.signing_keys (kid, public_jwk, private_sealed) values (p_kid, p_public_jwk, p_private_sealed);
  return true;
end;
$function$;

revoke all on function hub_private.ensure_signing_key(p_kid text, p_public_jwk jsonb, p_private_sealed text) from public;
