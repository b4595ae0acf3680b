-- Accepts your invitation to a repository of the local code host.

CREATE OR REPLACE FUNCTION app.accept_repository_invitation(p_full_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  a app_private.local_repository_access;
begin
  perform app_private.require_scope('hackathon:write');
  update app_private.local_repository_access x set accepted_at = coalesce(x.accepted_at, now())
    where lower(x.full_name) = lower(p_full_name) and x.user_id = app.current_user_id()
    returning * into a;
  if a.user_id is null then
    perform app_private.fail('invitation_not_found', 'You have no invitation to this repository');
  end if;
  perform app_private.local_team_ready(a.full_name);
  return jsonb_build_object('repository', a.full_name, 'permission', a.permission, 'acceptedAt', app_private.iso(a.accepted_at));
end;
$function$;

comment on function app.accept_repository_invitation(p_full_name text) is E'@shape app.codehost_invitation_acceptance\nAccepts your invitation to a repository of the local code host.';
revoke all on function app.accept_repository_invitation(p_full_name text) from public;
grant execute on function app.accept_repository_invitation(p_full_name text) to public;
grant execute on function app.accept_repository_invitation(p_full_name text) to podium_app;
