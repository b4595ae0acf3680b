-- A project id of the eligibility file: a candidate of this event (a team with a vote link).

CREATE OR REPLACE FUNCTION app_private.vote_project_id(p text, p_field text, p_event uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  pid uuid;
begin
  if p !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
    perform app_private.fail('invalid_eligibility', format('%s: %s is not a project id', p_field, left(p, 64)), jsonb_build_object('field', p_field, 'projectId', left(p, 64)));
  end if;
  pid := p::uuid;
  if not exists (select 1 from app_private.live_vote_candidates(p_event) c where c.project_id = pid) then
    perform app_private.fail('invalid_eligibility', format('%s: project %s is not a vote candidate of this event (a team with a vote link)', p_field, pid),
      jsonb_build_object('field', p_field, 'projectId', pid));
  end if;
  return pid;
end;
$function$;

revoke all on function app_private.vote_project_id(p text, p_field text, p_event uuid) from public;
