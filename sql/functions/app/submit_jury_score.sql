-- jury score <team> ... --submit: submits the score (every criterion needed).
create or replace function app.submit_jury_score(p_team text, p_scores jsonb, p_note text, p_expected_revision integer) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
begin
  return (
  select app_private.write_jury_score(p_team, p_scores, p_note, p_expected_revision, true)
  );
end;
$$;
comment on function app.submit_jury_score(text, jsonb, text, integer) is E'@shape app.jury_own_score\njury score --submit: submits the caller''s score of a team (every criterion; jurors only; window, assignment, conflict, revision, scale).';
revoke all on function app.submit_jury_score(text, jsonb, text, integer) from public;
grant execute on function app.submit_jury_score(text, jsonb, text, integer) to podium_app;
