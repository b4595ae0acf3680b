-- The conflicts of one juror with one team as one sentence ("advised: claimed ...; declared:
-- ..."), or null when there is none.
create or replace function app_private.jury_conflict_of(p_event uuid, p_juror text, p_project uuid) returns text
  language plpgsql stable
  set search_path = ''
as $$
begin
  return (
  select string_agg(c.kind || ': ' || c.reason, '; ' order by c.kind)
    from app_private.jury_conflict_rows(p_event) c where c.juror = p_juror and c.project_id = p_project
  );
end;
$$;
comment on function app_private.jury_conflict_of(uuid, text, uuid) is 'One juror''s conflicts with one team as a sentence, or null.';
