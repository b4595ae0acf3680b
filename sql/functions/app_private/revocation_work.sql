-- The job's work: the pending revocations of one username in one event. One whose person is
-- back on the roster with more than it kept is cancelled here (and not answered).

CREATE OR REPLACE FUNCTION app_private.revocation_work(p_event uuid, p_login text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  update app_private.access_revocations v set done_at = now(), outcome = 'cancelled'
   where v.event_id = p_event and lower(v.login) = lower(p_login) and v.done_at is null
     and app_private.permission_rank(app_private.roster_login_permission(p_event, v.full_name, v.login)) > app_private.permission_rank(v.keeps);
  return coalesce((select jsonb_agg(jsonb_build_object('id', v.id, 'repository', v.full_name, 'login', v.login) order by v.requested_at, v.id)
                     from app_private.access_revocations v
                    where v.event_id = p_event and lower(v.login) = lower(p_login) and v.done_at is null), '[]');
end;
$function$;

revoke all on function app_private.revocation_work(p_event uuid, p_login text) from public;
