-- app.team_roster: the team page lists the team's people: a participant reads their own team, an organizer
-- any team (the who-rules of showcase and decks link: app_private.event_team_for). Each
-- member: name, email (teammates reach each other; the roster already holds it) and whether
-- they signed in yet, like `roster show`. An erased account shows as the erasure left it.
create function app.team_roster(p_team text default null) returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  t app.event_teams;
begin
  perform app_private.require_scope('hackathon:read');
  t := app_private.event_team_for(p_team, false);
  return jsonb_build_object(
    'team', app_private.team_ref_json(t.project_id),
    'members', coalesce((
      select jsonb_agg(jsonb_build_object('name', r.name, 'email', r.email,
               'signedIn', exists (select 1 from app.users u join app_private.sign_ins s on s.user_id = u.id where lower(u.email) = lower(r.email)))
             order by lower(coalesce(r.name, r.email)), r.id)
      from app.roster_entries r
      where r.event_id = t.event_id and r.team_id = t.project_id and r.role = 'participant'), '[]'));
end;
$$;
comment on function app.team_roster(text) is 'The team page member list: the participants of a team (name, email, signed in yet); a participant reads their own team, an organizer names any team.';
grant execute on function app.team_roster(text) to podium_app;
