-- The provision worker's plan for a run: app.provision_plan read as the workspace owner with
-- hackathon:read, with the run's sample team first (it is provisioned and read back before the
-- rest). Refuses plan_conflicts while the plan has conflicts.

CREATE OR REPLACE FUNCTION app_private.provision_work(p_event uuid, p_key text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  e app.events;
  ws_owner uuid;
  plan jsonb;
  sample uuid;
  ordered jsonb;
begin
  select * into e from app.events x where x.id = p_event;
  select r.sample_project_id into sample from app_private.provision_runs r where r.event_id = p_event and r.key = p_key;
  -- The plan is the organizer's view; the job reads it as the workspace owner would.
  select m.user_id into ws_owner from app.memberships m where m.workspace_id = e.workspace_id and m.role = 'owner' limit 1;
  perform set_config('app.user_id', ws_owner::text, true), set_config('app.workspace_id', e.workspace_id::text, true),
    set_config('app.workspace_role', 'owner', true), set_config('app.scopes', 'hackathon:read', true);
  plan := app.provision_plan();
  if jsonb_array_length(plan -> 'conflicts') > 0 then
    perform app_private.fail('plan_conflicts', app_private.plan_conflicts_sentence(jsonb_array_length(plan -> 'conflicts')),
      jsonb_build_object('conflicts', plan -> 'conflicts'));
  end if;
  -- The sample team goes first and is read back before the rest (provision_team_done halts on it).
  select coalesce(jsonb_agg(t.value order by (t.value #>> '{project,id}') is not distinct from sample::text desc, t.n), '[]')
    into ordered from jsonb_array_elements(plan -> 'teams') with ordinality t(value, n);
  return plan || jsonb_build_object('teams', ordered, 'sampleProjectId', sample);
end;
$function$;

revoke all on function app_private.provision_work(p_event uuid, p_key text) from public;
