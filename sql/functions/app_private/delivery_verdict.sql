-- Why a code-host delivery for an event is not accepted, or null: installation_mismatch (another
-- account, an organization another event holds, or an installation this event does not hold),
-- unknown_repository, and for pushes wrong_branch, deleted, unresolvable_revision.

CREATE OR REPLACE FUNCTION app_private.delivery_verdict(e app.events, p_kind text, p jsonb, p_project uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return case
      -- the delivery comes from another account than the organizer's organization
      when lower(coalesce(p #>> '{organization,login}', p #>> '{repository,owner,login}', p #>> '{repository,owner,name}', ''))
           <> lower(coalesce(e.github_organization, '')) then 'installation_mismatch'
      -- the organization is another event's (a name alone proves nothing)
      when app_private.organization_held_elsewhere(e.id, e.github_organization) then 'installation_mismatch'
      -- a GitHub App delivery names its installation: it must be one this event holds
      when jsonb_typeof(p -> 'installation') = 'object' and (case when (p #>> '{installation,id}') ~ '^[0-9]{1,18}$'
             then exists (select 1 from app_private.github_installations i
                           where i.installation_id = (p #>> '{installation,id}')::bigint and i.event_id = e.id)
             else false end) is not true then 'installation_mismatch'
      when p_project is null then 'unknown_repository'
      when p_kind <> 'push' then null
      when coalesce(p ->> 'ref', '') <> 'refs/heads/' || e.github_branch then 'wrong_branch'
      when coalesce((p ->> 'deleted')::boolean, false) or p ->> 'after' = repeat('0', 40) then 'deleted'
      when coalesce(p ->> 'after', '') !~ '^[0-9a-f]{40}$' then 'unresolvable_revision'
    end;
end;
$function$;

revoke all on function app_private.delivery_verdict(e app.events, p_kind text, p jsonb, p_project uuid) from public;
