-- Trigger: a juror leaves the roster (row deleted, or its role changed from jury). Their
-- drafts and the assignments without a submitted score go; submitted scores go too unless the
-- organizer keeps them at removal (event roster import --keep-scores sets
-- podium.jury_keep_scores = on for that transaction), then they stay, marked juror_removed_at.
create or replace function app_private.jury_roster_removed() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  j text := app_private.normalize_email(old.email);
begin
  if tg_op = 'UPDATE' and new.role = 'jury' and app_private.normalize_email(new.email) = j then
    return new;
  end if;
  delete from app.jury_scores s where s.event_id = old.event_id and s.juror = j and s.state = 'draft';
  if coalesce(current_setting('podium.jury_keep_scores', true), '') = 'on' then
    update app.jury_scores s set juror_removed_at = app.now(), draft = null where s.event_id = old.event_id and s.juror = j;
  else
    delete from app.jury_scores s where s.event_id = old.event_id and s.juror = j;
  end if;
  delete from app.jury_assignments a where a.event_id = old.event_id and a.juror = j
    and not exists (select 1 from app.jury_scores s where s.event_id = a.event_id and s.juror = a.juror and s.project_id = a.project_id);
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
comment on function app_private.jury_roster_removed() is 'Trigger: a juror removed from the roster loses drafts and assignments; submitted scores stay only under podium.jury_keep_scores = on (--keep-scores).';
revoke all on function app_private.jury_roster_removed() from public;
