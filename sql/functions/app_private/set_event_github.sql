-- Organizers set the event's code host: organization, template <owner>/<repo> and branch (main by
-- default). The API's event github route brings what only the server sees: the GitHub App
-- installations on those owners and whether the local template exists. On the local host the
-- organizations and template are claimed for this event; on GitHub each installation must be free.
-- Refuses invalid_input and organization_taken.

CREATE OR REPLACE FUNCTION app_private.set_event_github(p_organization text, p_template text, p_branch text, p_code_host text, p_installations jsonb, p_template_on_disk boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
  branch text := coalesce(nullif(trim(p_branch), ''), 'main');
  owners text[];
  o text;
  installation text;
  template_standing text;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  if p_organization is null or p_organization !~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' or length(p_organization) > 39 then
    perform app_private.fail('invalid_input', 'organization must be a code-host login: letters, digits, single hyphens, at most 39', '{"field":"organization"}');
  end if;
  if p_template is null or p_template !~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*/[A-Za-z0-9._-]{1,100}$'
     or length(split_part(p_template, '/', 1)) > 39 or split_part(p_template, '/', 2) in ('.', '..')
     or p_template ~ '\.git$' then
    perform app_private.fail('invalid_input', 'template must be <owner>/<repo>', '{"field":"template"}');
  end if;
  if branch !~ '^[A-Za-z0-9._/-]{1,200}$' or branch ~ '(^[/.-]|/$|\.\.|//|\.lock$)' then
    perform app_private.fail('invalid_input', 'branch is not a valid branch name', '{"field":"branch"}');
  end if;
  owners := array[p_organization];
  if lower(split_part(p_template, '/', 1)) <> lower(p_organization) then
    owners := owners || split_part(p_template, '/', 1);
  end if;
  if p_code_host = 'local' then
    foreach o in array owners loop
      perform app_private.claim_local_organization(ctx.event_id, o);
    end loop;
    template_standing := app_private.own_local_repository(ctx.event_id, p_template, coalesce(p_template_on_disk, false));
  elsif p_code_host = 'github' then
    for o, installation in select x.key, x.value from jsonb_each_text(coalesce(p_installations, '{}')) x loop
      if installation !~ '^[0-9]{1,18}$' then
        perform app_private.fail('invalid_input', 'an installation id is a number', '{"field":"installation"}');
      end if;
      if app_private.hold_github_installation(ctx.event_id, o, installation::bigint) <> 'held' then
        perform app_private.fail('organization_taken',
          format('The GitHub App installation on %s is already used by another workspace on this instance; choose another organization', o),
          jsonb_build_object('organization', o));
      end if;
    end loop;
  else
    perform app_private.fail('invalid_input', 'unknown code host', '{"field":"codeHost"}');
  end if;
  update app.events e set github_organization = p_organization, github_template = p_template, github_branch = branch, updated_at = app.now()
    where e.id = ctx.event_id;
  return jsonb_build_object('organization', p_organization, 'template', p_template, 'branch', branch,
    'templateRepository', template_standing);
end;
$function$;

revoke all on function app_private.set_event_github(p_organization text, p_template text, p_branch text, p_code_host text, p_installations jsonb, p_template_on_disk boolean) from public;
grant execute on function app_private.set_event_github(p_organization text, p_template text, p_branch text, p_code_host text, p_installations jsonb, p_template_on_disk boolean) to podium_app;
