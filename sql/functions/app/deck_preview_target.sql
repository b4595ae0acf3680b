-- decks preview [--team]: what a deck preview is built from before the freeze (the team's last
-- accepted push, repository, showcase, push receipts and the two templates), so a team can fix its
-- README. A participant asks for their own team (not_your_team), an organizer for any team of the
-- event (team_not_found); no_accepted_push before the first one. Not gated by the vote section: it
-- stores nothing and answers nothing the caller may not already read.

CREATE OR REPLACE FUNCTION app.deck_preview_target(p_team text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.event_teams := app_private.event_team_for(p_team, false);
  e app.events;
  p app.projects;
  repo app.team_repositories;
  head app.submission_receipts;
  pushes jsonb;
begin
  select * into e from app.events x where x.id = t.event_id;
  select * into p from app.projects x where x.id = t.project_id;
  select * into repo from app.team_repositories r where r.project_id = p.id;
  -- the team's current accepted push: its newest accepted, on-time push receipt
  select * into head from app.submission_receipts x
   where x.event_id = e.id and x.project_id = p.id and x.kind = 'push' and x.verdict = 'accepted' and x.late is false
     and x.sha ~ '^[0-9a-f]{40}$' and x.sha <> repeat('0', 40)
   order by x.seq desc limit 1;
  if head.seq is null or repo.full_name is null then
    perform app_private.fail('no_accepted_push',
      format('Team %s has no accepted push yet: push to the main branch of %s, then preview the decks built from it', p.name, coalesce(repo.full_name, 'its repository')),
      jsonb_build_object('team', p.name));
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('sequence', r.seq, 'receivedAt', app_private.iso(r.received_at),
           'before', case when r.before_sha <> repeat('0', 40) then r.before_sha end, 'sha', r.sha) order by r.seq), '[]'::jsonb)
    into pushes
    from (select x.* from app.submission_receipts x
           where x.event_id = e.id and x.project_id = p.id and x.kind = 'push' and x.verdict = 'accepted' and x.late is false
             and x.sha ~ '^[0-9a-f]{40}$' and x.sha <> repeat('0', 40)
           order by x.seq desc limit 500) r;
  return jsonb_build_object(
    'team', jsonb_build_object('id', p.id, 'name', p.name),
    'eventName', e.name,
    'sha', head.sha, 'pushedAt', app_private.iso(head.received_at), 'pushSequence', head.seq,
    'repository', repo.full_name, 'templateSha', repo.template_sha,
    'showcase', jsonb_build_object('product', t.product_name, 'tagline', t.tagline, 'description', t.description),
    'window', jsonb_build_object('startsAt', app_private.iso(e.starts_at), 'freezeAt', app_private.iso(e.freeze_at)),
    'pushes', pushes,
    'templates', (select jsonb_agg(app_private.deck_template_json(x) order by x.kind = 'community', x.kind) from app_private.deck_templates x));
end;
$function$;

comment on function app.deck_preview_target(p_team text) is E'@shape app.deck_preview_source\ndecks preview [--team]: what a deck preview is built from (the team''s last accepted push, its repository, showcase, push receipts, the two templates); a participant their own team (not_your_team), an organizer any team of the event (team_not_found); no_accepted_push before the first accepted push. Not gated by the vote section; stores nothing.';
revoke all on function app.deck_preview_target(p_team text) from public;
grant execute on function app.deck_preview_target(p_team text) to podium_app;
