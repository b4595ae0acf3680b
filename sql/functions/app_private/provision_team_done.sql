-- Records one team's provisioning outcome: attention (p_attention, the failure), else ready when
-- every member's standing read back is member, else invited (a member without a username yet is
-- read back no_username). Answers { readiness, halt }: halt when the run's sample team needs
-- attention (the rest waits).

CREATE OR REPLACE FUNCTION app_private.provision_team_done(p_event uuid, p_key text, p_project uuid, p_repository text, p_standings text[], p_template_sha text, p_attention text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  readiness text;
  halt boolean;
begin
  readiness := case
    when p_attention is not null then 'attention'
    when coalesce((select bool_and(s = 'member') from unnest(p_standings) s), true) then 'ready'
    else 'invited'
  end;
  perform app_private.set_repository_readiness(p_project, p_repository, readiness, p_template_sha, p_attention);
  select coalesce(r.sample_project_id = p_project, false) and readiness = 'attention' into halt
    from app_private.provision_runs r where r.event_id = p_event and r.key = p_key;
  return jsonb_build_object('readiness', readiness, 'halt', coalesce(halt, false));
end;
$function$;

comment on function app_private.provision_team_done(p_event uuid, p_key text, p_project uuid, p_repository text, p_standings text[], p_template_sha text, p_attention text) is 'Records one team''s provisioning outcome: attention (p_attention, the failure), else ready when every member''s standing read back is member, else invited (a member without a username yet is read back no_username). Answers { readiness, halt }: halt when the run''s sample team needs attention (the rest waits).';
revoke all on function app_private.provision_team_done(p_event uuid, p_key text, p_project uuid, p_repository text, p_standings text[], p_template_sha text, p_attention text) from public;
