-- Trigger: an exception recorded with invalidate_decks invalidates the team's generated decks.

CREATE OR REPLACE FUNCTION app_private.invalidate_generated_decks()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update app_private.generated_decks g
     set invalidated_at = new.at,
         release = case when g.release = 'released' then 'not released' else g.release end
   where g.project_id = new.project_id and g.invalidated_at is null;
  return null;
end;
$function$;

comment on function app_private.invalidate_generated_decks() is 'Trigger: an exception recorded with invalidate_decks invalidates the team''s generated decks.';
revoke all on function app_private.invalidate_generated_decks() from public;
