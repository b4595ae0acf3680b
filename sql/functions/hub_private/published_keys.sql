-- The public JWKs of the hub's active signing keys, newest first, for instances to verify
-- exchanges.

CREATE OR REPLACE FUNCTION hub_private.published_keys()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(k.public_jwk order by k.created_at desc, k.kid), '[]')
    from hub_private.signing_keys k where k.retired_at is null
$function$;

revoke all on function hub_private.published_keys() from public;
