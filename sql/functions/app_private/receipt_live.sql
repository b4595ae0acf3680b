-- Trigger: a webhook receipt that is not a team chat activity item (refused, of no team, or
-- another event type) is published live to organizers (kind receipt.recorded: team, repository,
-- Receipt).

CREATE OR REPLACE FUNCTION app_private.receipt_live()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.live_publish(new.event_id, 'receipt.recorded', array['organizer'], new.project_id,
    jsonb_build_object(
      'team', (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = new.project_id),
      'repository', new.repository,
      'receipt', app_private.receipt_json(new)));
  return null;
end;
$function$;

comment on function app_private.receipt_live() is 'Trigger: a webhook receipt that is not a team chat activity item (refused, of no team, or another event type) is published live to organizers (kind receipt.recorded: team, repository, Receipt).';
revoke all on function app_private.receipt_live() from public;
