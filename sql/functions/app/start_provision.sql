-- admin provision --key: starts (or resumes) provisioning as a job.

CREATE OR REPLACE FUNCTION app.start_provision(p_key text, p_sample uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return app_private.start_provision(p_key, p_sample, '[]');
end;
$function$;

comment on function app.start_provision(p_key text, p_sample uuid) is E'@shape app.provisioning_start\nadmin provision --key: starts (or resumes) provisioning as a job.';
revoke all on function app.start_provision(p_key text, p_sample uuid) from public;
grant execute on function app.start_provision(p_key text, p_sample uuid) to public;
grant execute on function app.start_provision(p_key text, p_sample uuid) to podium_app;
