-- The invitation follows the username (issue 40, second pass): since 000280 a participant
-- without a code-host username no longer holds provisioning back, so their team's repository
-- may exist before they run `hackathon connect --github`. When they name it then, the same
-- transaction queues the provisioning of their team again: the `codehost__provision` job of
-- the event's latest run, narrowed to that one team (`projectId` in the payload, job key
-- `provision:<event>:<key>:<project>`, so a pass already waiting for the team absorbs it). The
-- job's resume skips what is done and runs the team's invitations and readback again: the
-- participant is invited without an organizer step. One team, not the whole run: on GitHub a
-- pass costs about 3 s per invitation (core/codehost/github.ts), so a late participant waits
-- for their own team's, not for every team's. The run's row (state, summary) is the whole
-- run's and is left as it is; the team's readiness is recorded as any run records it.
-- The answer says so (`invitationQueued`), so `connect --github` does not send the participant
-- to an organizer for an invitation that is on its way.

create function app_private.provision_again(p_event uuid, p_project uuid) returns text
  language plpgsql volatile
  set search_path = ''
as $$
declare
  k text;
begin
  select r.key into k from app_private.provision_runs r where r.event_id = p_event order by r.started_at desc, r.key desc limit 1;
  if k is not null then
    perform graphile_worker.add_job('codehost__provision', json_build_object('eventId', p_event, 'key', k, 'projectId', p_project),
      job_key => 'provision:' || p_event || ':' || k || ':' || p_project, max_attempts => 5);
  end if;
  return k;
end;
$$;
comment on function app_private.provision_again(uuid, uuid) is 'Queues the provisioning of one team again, under the event''s latest run (codehost__provision with projectId, job key provision:<event>:<key>:<project>); answers the run''s key, or null when provisioning never ran. The run''s row is left as it is.';

create or replace function app.set_github_login(p_login text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx;
  login text := app_private.normalize_github_login(p_login);
  holder text;
  was text;
  queued boolean := false;
begin
  perform app_private.require_scope('hackathon:write');
  ctx := app_private.event_ctx();
  if ctx.role is distinct from 'participant' then
    perform app_private.fail('not_a_participant',
      format('Only participants name a code-host username; you are %s and have no team repository', ctx.role),
      jsonb_build_object('role', ctx.role));
  end if;
  if login is null then
    perform app_private.fail('invalid_input', 'A GitHub username is letters, digits and single hyphens, at most 39 characters',
      jsonb_build_object('field', 'login'));
  end if;
  -- One saver at a time per event, so two people cannot both take one login.
  perform pg_advisory_xact_lock(hashtextextended('podium:github-login:' || ctx.event_id::text, 0));
  select r.email into holder from app.roster_entries r join app.users u on u.id = ctx.user_id
    where r.event_id = ctx.event_id and lower(r.github_login) = lower(login)
      and app_private.normalize_email(r.email) <> app_private.normalize_email(u.email) limit 1;
  if holder is not null then
    perform app_private.fail('github_login_taken', format('The GitHub username %s is already named by another person on the roster', login),
      jsonb_build_object('login', login));
  end if;
  select r.github_login into was from app.roster_entries r join app.users u on u.id = ctx.user_id
    where r.event_id = ctx.event_id and app_private.normalize_email(r.email) = app_private.normalize_email(u.email);
  update app.roster_entries r set github_login = login
    from app.users u where u.id = ctx.user_id and r.event_id = ctx.event_id
      and app_private.normalize_email(r.email) = app_private.normalize_email(u.email);
  -- Provisioning already made the team's repository: invite this username now (000281). A
  -- change of case names the same account on the code host: nothing to invite.
  if lower(login) is distinct from lower(was)
     and exists (select 1 from app.team_repositories t where t.event_id = ctx.event_id and t.project_id = ctx.team_id) then
    queued := app_private.provision_again(ctx.event_id, ctx.team_id) is not null;
  end if;
  return app.bootstrap_record() || jsonb_build_object('invitationQueued', queued);
end;
$$;
comment on function app.set_github_login(text) is 'Saves your code-host (GitHub) username on your roster row; participants only; refused github_login_taken when another roster person named it. When your team''s repository exists already, its provisioning is queued again so you are invited (invitationQueued in the answer).';
