-- Records a repository of the local host as the event's, before it is created on disk.
-- Answers its standing afterwards: owned, taken, unclaimed (its organization is not the
-- event's) or unowned (already on disk with no owner: not adopted).

CREATE OR REPLACE FUNCTION app_private.own_local_repository(p_event uuid, p_full_name text, p_on_disk boolean)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  standing text := app_private.local_repository_standing(p_event, p_full_name, p_on_disk);
  org text := app_private.local_organization_standing(p_event, split_part(p_full_name, '/', 1));
begin
  if standing <> 'missing' then
    return standing;
  end if;
  if org <> 'held' then
    return case org when 'free' then 'unclaimed' else 'taken' end;
  end if;
  insert into app_private.local_repositories (name_key, full_name, event_id) values (lower(p_full_name), p_full_name, p_event)
  on conflict (name_key) do nothing;
  return app_private.local_repository_standing(p_event, p_full_name, p_on_disk);
end;
$function$;

revoke all on function app_private.own_local_repository(p_event uuid, p_full_name text, p_on_disk boolean) from public;
