-- How long an emailed sign-in code lives and how many wrong tries it takes (instance and hub
-- alike).

CREATE OR REPLACE FUNCTION app_private.login_code_policy()
 RETURNS app_private.login_code_policy
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$ select row(interval '10 minutes', 3)::app_private.login_code_policy $function$;

comment on function app_private.login_code_policy() is 'How long an emailed sign-in code lives and how many wrong tries it takes (instance and hub alike).';
revoke all on function app_private.login_code_policy() from public;
