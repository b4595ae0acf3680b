-- The evidence archive of a frozen team, for submissions artifact.

CREATE OR REPLACE FUNCTION app.submission_artifact(p_project uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  team jsonb := app.submission_show(p_project);
begin
  if team #>> '{frozen,archive,sha256}' is null then
    perform app_private.fail('not_frozen', 'Nothing is frozen for this team yet');
  end if;
  return team #> '{frozen,archive}' || jsonb_build_object('sha', team #>> '{frozen,sha}');
end;
$function$;

comment on function app.submission_artifact(p_project uuid) is E'@shape app.submission_artifact_file\nThe frozen evidence archive of a team: name, sha256, size and sha.';
revoke all on function app.submission_artifact(p_project uuid) from public;
grant execute on function app.submission_artifact(p_project uuid) to public;
grant execute on function app.submission_artifact(p_project uuid) to podium_app;
