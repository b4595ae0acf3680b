-- Whether the person with this address is a member of the workspace and has signed in at least
-- once (roster pages show it); an account that is not a member reads as not signed in, so a
-- roster never tells which addresses have an account elsewhere on the instance.

CREATE OR REPLACE FUNCTION app_private.has_signed_in(p_email text, p_workspace uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from app.users u
                   join app.memberships m on m.user_id = u.id and m.workspace_id = p_workspace
                   join app_private.sign_ins s on s.user_id = u.id
                  where app_private.normalize_email(u.email) = app_private.normalize_email(p_email))
$function$;

comment on function app_private.has_signed_in(p_email text, p_workspace uuid) is 'Whether the person with this address is a member of the workspace and has signed in at least once (roster pages show it); an account that is not a member reads as not signed in, so a roster never tells which addresses have an account elsewhere on the instance.';
revoke all on function app_private.has_signed_in(p_email text, p_workspace uuid) from public;
