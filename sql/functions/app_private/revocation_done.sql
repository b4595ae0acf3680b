-- Records one revocation's attempt: done (p_error null) or failed with its reason.

CREATE OR REPLACE FUNCTION app_private.revocation_done(p_id uuid, p_error text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update app_private.access_revocations v
     set attempts = v.attempts + 1,
         last_error = left(p_error, 500),
         done_at = case when p_error is null then now() end,
         outcome = case when p_error is null then 'revoked' end
   where v.id = p_id and v.done_at is null
$function$;

revoke all on function app_private.revocation_done(p_id uuid, p_error text) from public;
