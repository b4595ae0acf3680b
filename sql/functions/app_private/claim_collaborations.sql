-- Gives an account the deck collaborations invited under its email (normalized) that nobody claimed
-- yet; answers how many.

CREATE OR REPLACE FUNCTION app_private.claim_collaborations(p_user uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  n int;
begin
  update app.deck_collaborators c set user_id = p_user, claimed_at = now()
   where c.user_id is null
     and app_private.normalize_email(c.email) = (select app_private.normalize_email(u.email) from app.users u where u.id = p_user);
  get diagnostics n = row_count;
  return n;
end;
$function$;

revoke all on function app_private.claim_collaborations(p_user uuid) from public;
