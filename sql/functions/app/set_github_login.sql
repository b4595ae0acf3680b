-- Saves your code-host (GitHub) username on your roster row; participants only; refused
-- github_login_taken when another roster person named it. When your team's repository exists
-- already, its provisioning is queued again so you are invited (invitationQueued in the answer).

CREATE OR REPLACE FUNCTION app.set_github_login(p_login text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  -- Provisioning already made the team's repository: invite this username now. A
  -- change of case names the same account on the code host: nothing to invite.
  if lower(login) is distinct from lower(was)
     and exists (select 1 from app.team_repositories t where t.event_id = ctx.event_id and t.project_id = ctx.team_id) then
    queued := app_private.provision_again(ctx.event_id, ctx.team_id) is not null;
  end if;
  return app.bootstrap_record() || jsonb_build_object('invitationQueued', queued);
end;
$function$;

comment on function app.set_github_login(p_login text) is E'@shape app.bootstrap_github_saved\nSaves your code-host (GitHub) username on your roster row; participants only; refused github_login_taken when another roster person named it. When your team''s repository exists already, its provisioning is queued again so you are invited (invitationQueued in the answer).';
revoke all on function app.set_github_login(p_login text) from public;
grant execute on function app.set_github_login(p_login text) to public;
grant execute on function app.set_github_login(p_login text) to podium_app;
