-- submissions list: intake sentence, server time, freeze, attention count and one line per team.

CREATE OR REPLACE FUNCTION app.submissions_list()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  e app.events;
  teams jsonb;
  attention int;
  unsettled int;
begin
  ctx := app_private.role_ctx('hackathon:read', array['organizer', 'participant']);
  select * into e from app.events x where x.id = ctx.event_id;
  select coalesce(jsonb_agg(app_private.submission_team_json(t.project_id) order by lower(p.name)), '[]')
    into teams from app.event_teams t join app.projects p on p.id = t.project_id
    where t.event_id = e.id and t.left_at is null and (ctx.role = 'organizer' or t.project_id = ctx.team_id);
  select count(*) filter (where x ->> 'state' = 'error' or x ->> 'readiness' = 'attention'),
         count(*) filter (where x ->> 'state' not in ('frozen', 'missing'))
    into attention, unsettled from jsonb_array_elements(teams) x;
  return jsonb_build_object(
    'intake', case when app_private.is_frozen(e) is false then 'Intake is open until the freeze at ' || app_private.iso(e.freeze_at) || '.'
                   when unsettled = 0 then 'Submissions are frozen.'
                   else 'Deadline passed, capture requires attention.' end,
    'serverTime', app_private.iso(app.now()), 'freezeAt', app_private.iso(e.freeze_at),
    'attentionCount', attention, 'items', teams);
end;
$function$;

comment on function app.submissions_list() is E'@shape app.submissions_overview\nsubmissions list: intake sentence, server time, freeze, attention count and one line per team.';
revoke all on function app.submissions_list() from public;
grant execute on function app.submissions_list() to public;
grant execute on function app.submissions_list() to podium_app;
