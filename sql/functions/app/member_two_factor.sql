-- Two-factor state: an owner sees every member of the workspace; anyone else only themselves.

CREATE OR REPLACE FUNCTION app.member_two_factor()
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('userId', u.id, 'email', u.email, 'name', u.name,
           'twoFactorEnabled', u.two_factor_enabled) order by app_private.normalize_email(u.email)), '[]')
  from app.users u
  where u.id = app.current_user_id()
     or (app.current_workspace_role() = 'owner'
         and exists (select 1 from app.memberships me
                  where me.workspace_id = app.current_workspace_id() and me.user_id = app.current_user_id() and me.role = 'owner')
         and app_private.is_member_of(app.current_workspace_id()) is true
         and exists (select 1 from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = u.id))
$function$;

comment on function app.member_two_factor() is E'@shape app.member_two_factor_state[]\nTwo-factor state: an owner sees every member of the workspace; anyone else only themselves.';
revoke all on function app.member_two_factor() from public;
grant execute on function app.member_two_factor() to podium_app;
