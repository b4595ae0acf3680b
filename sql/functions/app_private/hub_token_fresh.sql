-- Whether a token's times hold at this instance's clock (a minute of skew allowed on iat).

CREATE OR REPLACE FUNCTION app_private.hub_token_fresh(p_iat bigint, p_exp bigint)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select to_timestamp(p_exp) > app.now() and to_timestamp(p_iat) <= app.now() + interval '1 minute'
$function$;

revoke all on function app_private.hub_token_fresh(p_iat bigint, p_exp bigint) from public;
