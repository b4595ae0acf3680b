-- The hub's active signing key to sign with (by kid, else the newest), its private key sealed.

CREATE OR REPLACE FUNCTION hub_private.signing_key(p_kid text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('kid', k.kid, 'privateSealed', k.private_sealed)
    from hub_private.signing_keys k
   where k.retired_at is null and (p_kid is null or k.kid = p_kid)
   order by k.created_at desc, k.kid limit 1
$function$;

revoke all on function hub_private.signing_key(p_kid text) from public;
