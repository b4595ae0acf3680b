-- Each file of a committed version becomes a file of the deck's workspace (one statement
-- per commit, however many files).

CREATE OR REPLACE FUNCTION app_private.files_of_version()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into app_private.files (workspace_id, kind, name, sha256, size, deck_id, version, path)
  select d.workspace_id, 'deck_file', regexp_replace(n.path, '^.*/', ''), n.sha256, n.size, n.deck_id, n.version, n.path
    from new_files n join app.decks d on d.id = n.deck_id
  on conflict (deck_id, version, path) where kind = 'deck_file' do nothing;
  return null;
end;
$function$;

revoke all on function app_private.files_of_version() from public;
