-- The conflicts of one juror with one team as one sentence ("advised: claimed ...; declared:
-- ..."), or null when there is none: the rule of app_private.jury_conflict_rows for one
-- pair, by indexed lookups (it runs at every score write).
create or replace function app_private.jury_conflict_of(p_event uuid, p_juror text, p_project uuid) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  uid uuid;
  out_ text[] := '{}';
  r text;
begin
  if not exists (select 1 from app.event_teams t where t.project_id = p_project and t.event_id = p_event and t.left_at is null) then
    return null;
  end if;
  select u.id into uid from app.users u where app_private.normalize_email(u.email) = p_juror;
  if exists (select 1 from app.jury_conflicts c where c.event_id = p_event and c.juror = p_juror and c.project_id = p_project) then
    select 'declared: ' || coalesce(c.reason, case c.source when 'roster' then 'declared in the roster file' else 'declared' end) into r
      from app.jury_conflicts c where c.event_id = p_event and c.juror = p_juror and c.project_id = p_project;
    out_ := out_ || r;
  end if;
  if uid is not null then
    select 'advised: ' || format('claimed its help request "%s"', h.title) into r
      from app.help_requests h where h.claimed_by = uid and h.team_id = p_project and h.event_id = p_event order by h.title limit 1;
    if r is not null and r like 'advised:%' then
      out_ := array_prepend(r, out_);
    end if;
  end if;
  if (uid is not null and (exists (select 1 from app.project_members pm where pm.project_id = p_project and pm.user_id = uid)
                           or exists (select 1 from app.project_members pm join app.team_members tm on tm.team_id = pm.team_id
                                       where pm.project_id = p_project and tm.user_id = uid)))
     or exists (select 1 from app.roster_entries re where re.event_id = p_event and re.role = 'participant' and re.team_id = p_project
                  and app_private.normalize_email(re.email) = p_juror) then
    out_ := out_ || 'roster: on the team''s roster'::text;
  end if;
  if cardinality(out_) = 0 then
    return null;
  end if;
  return (select string_agg(x, '; ' order by x) from unnest(out_) x);
end;
$$;
comment on function app_private.jury_conflict_of(uuid, text, uuid) is 'One juror''s conflicts with one team as a sentence (kinds in order: advised, declared, roster), or null.';
revoke all on function app_private.jury_conflict_of(uuid, text, uuid) from public;
