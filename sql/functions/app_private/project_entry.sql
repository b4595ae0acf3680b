-- The entry named by kind ('person' or 'team') and reference, or member_not_found.

CREATE OR REPLACE FUNCTION app_private.project_entry(p_project uuid, p_kind text, p_ref text)
 RETURNS app.project_members
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  e app.project_members;
begin
  if p_kind = 'team' then
    select * into e from app.project_members x where x.project_id = p_project and x.team_id = (app_private.workspace_team(p_ref)).id;
  else
    -- By account, not membership: an entry outlives its person's membership and can still go.
    select x.* into e from app.project_members x join app.users u on u.id = x.user_id
      where x.project_id = p_project
        and (app_private.normalize_email(u.email) = app_private.normalize_email(p_ref)
             or (p_ref ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' and u.id = p_ref::uuid));
  end if;
  if e.id is null then
    perform app_private.fail('member_not_found', format('%s is not a member of this project', p_ref), jsonb_build_object(p_kind, p_ref));
  end if;
  return e;
end;
$function$;

revoke all on function app_private.project_entry(p_project uuid, p_kind text, p_ref text) from public;
