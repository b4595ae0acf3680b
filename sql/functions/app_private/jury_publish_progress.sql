-- Tells the organizers' live stream that judging progress changed (kind jury.progress):
-- counts only, the team concerned and its scores in / expected.
create or replace function app_private.jury_publish_progress(p_event uuid, p_project uuid) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  -- The lock first, then the counts: of two jurors submitting at once the later commit counts
  -- both (app_private.live_lock says why).
  perform app_private.live_lock(p_event);
  perform app_private.live_publish(p_event, 'jury.progress', array['organizer'], null,
    jsonb_build_object('projectId', p_project,
      'assigned', (select count(*) from app.jury_assignments a where a.event_id = p_event and a.project_id = p_project),
      'submitted', (select count(*) from app.jury_scores s where s.event_id = p_event and s.project_id = p_project and s.state = 'submitted'),
      'state', app_private.jury_state(p_event)));
end;
$$;
comment on function app_private.jury_publish_progress(uuid, uuid) is 'Publishes jury.progress (counts of one team) to the organizers of the event.';
revoke all on function app_private.jury_publish_progress(uuid, uuid) from public;
