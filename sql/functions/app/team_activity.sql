-- Activity items for the team chat: accepted pushes and pull request events. A view over receipts,
-- so webhook intake stays one INSERT.

create or replace view app.team_activity with (security_invoker=true) as
 SELECT r.seq,
    r.event_id,
    r.project_id,
    r.kind,
    r.received_at AS at,
    r.ref,
    r.sha,
    r.summary
   FROM app.submission_receipts r
  WHERE r.verdict = 'accepted'::text AND r.project_id IS NOT NULL;

comment on view app.team_activity is '@behavior -insert -update -delete
Team activity: accepted pushes and pull request events, newest by seq.';
revoke all on app.team_activity from public;
grant select on app.team_activity to podium_app;
