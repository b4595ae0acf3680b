-- Every webhook receipt reaches the organizers' live stream as it is recorded, whatever its
-- verdict (accepted, late, refused): kind `receipt.recorded` with the team, the repository and
-- the Receipt, in the transaction that records it. The team chat's activity item of an accepted
-- push or pull request (receipt_activity) is a second, separate consumer of the same receipt.
create or replace function app_private.receipt_live() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform app_private.live_publish(new.event_id, 'receipt.recorded', array['organizer'], new.project_id,
    jsonb_build_object(
      'team', (select jsonb_build_object('id', p.id, 'name', p.name) from app.projects p where p.id = new.project_id),
      'repository', new.repository,
      'receipt', app_private.receipt_json(new)));
  return null;
end;
$$;
comment on function app_private.receipt_live() is
  'Trigger: every webhook receipt (accepted, late or refused) is published live to organizers as it is recorded (kind receipt.recorded: team, repository, Receipt); the team chat activity item of an accepted push or pull request is a separate consumer.';
revoke all on function app_private.receipt_live() from public;
