-- Every conflict of interest of the event's jurors: roster (the juror's account is a member
-- of the team's project, directly or through a workspace team, or a participant row of that
-- team), advised (the juror claimed one of the team's help requests), declared (jury
-- conflicts add, or the roster file's conflicts field).
create or replace function app_private.jury_conflict_rows(p_event uuid)
  returns table (juror text, project_id uuid, kind text, reason text)
  language sql stable
  set search_path = ''
as $$
  with jurors as materialized (
    -- the account by its normalised address, one indexed lookup per juror
    select q.juror, (select u.id from app.users u where app_private.normalize_email(u.email) = q.juror) as user_id
      from (select app_private.normalize_email(r.email) as juror from app.roster_entries r where r.event_id = p_event and r.role = 'jury') q
  ), teams as (
    select t.project_id from app.event_teams t where t.event_id = p_event and t.left_at is null
  )
  select distinct on (q.juror, q.project_id, q.kind) q.juror, q.project_id, q.kind, q.reason from (
    select j.juror, pm.project_id, 'roster' as kind, 'on the team''s roster' as reason
      from jurors j join app.project_members pm on pm.user_id = j.user_id join teams t on t.project_id = pm.project_id
    union all
    select j.juror, pm.project_id, 'roster', 'on the team''s roster'
      from jurors j join app.team_members tm on tm.user_id = j.user_id
      join app.project_members pm on pm.team_id = tm.team_id join teams t on t.project_id = pm.project_id
    union all
    select j.juror, r.team_id, 'roster', 'on the team''s roster'
      from jurors j join app.roster_entries r on r.event_id = p_event and r.role = 'participant'
       and app_private.normalize_email(r.email) = j.juror join teams t on t.project_id = r.team_id
    union all
    select j.juror, h.team_id, 'advised', format('claimed its help request "%s"', h.title)
      from jurors j join app.help_requests h on h.event_id = p_event and h.claimed_by = j.user_id join teams t on t.project_id = h.team_id
    union all
    select c.juror, c.project_id, 'declared', coalesce(c.reason, case c.source when 'roster' then 'declared in the roster file' else 'declared' end)
      from app.jury_conflicts c join teams t on t.project_id = c.project_id where c.event_id = p_event
  ) q
  order by q.juror, q.project_id, q.kind, q.reason
$$;
comment on function app_private.jury_conflict_rows(uuid) is 'Every conflict of the event''s jurors with its kind (roster, advised, declared) and reason.';
revoke all on function app_private.jury_conflict_rows(uuid) from public;
