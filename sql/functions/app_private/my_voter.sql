-- The caller's voter row in a locked community vote eligibility (by normalized email), if any.

CREATE OR REPLACE FUNCTION app_private.my_voter(p_eligibility uuid)
 RETURNS app.vote_voters
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select v.* from app.vote_voters v join app.users u on u.id = app.current_user_id()
  where v.eligibility_id = p_eligibility and app_private.normalize_email(v.email) = app_private.normalize_email(u.email)
$function$;

revoke all on function app_private.my_voter(p_eligibility uuid) from public;
