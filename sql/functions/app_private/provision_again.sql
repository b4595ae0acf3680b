-- Queues the provisioning of one team again, under the event's latest run (codehost__provision
-- with projectId, job key provision:<event>:<key>:<project>); answers the run's key, or null when
-- provisioning never ran. The run's row is left as it is.

CREATE OR REPLACE FUNCTION app_private.provision_again(p_event uuid, p_project uuid)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  k text;
begin
  select r.key into k from app_private.provision_runs r where r.event_id = p_event order by r.started_at desc, r.key desc limit 1;
  if k is not null then
    perform graphile_worker.add_job('codehost__provision', json_build_object('eventId', p_event, 'key', k, 'projectId', p_project),
      job_key => 'provision:' || p_event || ':' || k || ':' || p_project, max_attempts => 5);
  end if;
  return k;
end;
$function$;

comment on function app_private.provision_again(p_event uuid, p_project uuid) is 'Queues the provisioning of one team again, under the event''s latest run (codehost__provision with projectId, job key provision:<event>:<key>:<project>); answers the run''s key, or null when provisioning never ran. The run''s row is left as it is.';
revoke all on function app_private.provision_again(p_event uuid, p_project uuid) from public;
