-- Adds a hub signing key, which signs from now on: the one before stays published for the tokens it
-- signed, older ones are retired (no longer published, so no longer accepted). Answers the
-- published keys; an advisory lock keeps replicas from adding two at once.

CREATE OR REPLACE FUNCTION hub_private.add_signing_key(p_kid text, p_public_jwk jsonb, p_private_sealed text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  -- Only one key is made at a time (two replicas booting together make one, not two).
  perform pg_advisory_xact_lock(7432090);
  insert into hub_private.signing_keys (kid, public_jwk, private_sealed) values (p_kid, p_public_jwk, p_private_sealed);
  -- The new key signs from now on; the one before stays published for the tokens it signed;
  -- older ones are retired (no longer published, so no longer accepted).
  update hub_private.signing_keys k set retired_at = clock_timestamp()
   where k.retired_at is null and k.kid not in (
     select k2.kid from hub_private.signing_keys k2 where k2.retired_at is null order by k2.created_at desc, k2.kid limit 2);
  return hub_private.published_keys();
end;
$function$;

revoke all on function hub_private.add_signing_key(p_kid text, p_public_jwk jsonb, p_private_sealed text) from public;
