-- Creating a deck is a workspace act: members, admins and owners, never guests.

CREATE OR REPLACE FUNCTION app_private.require_deck_creator()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if app_private.caller_member_role('Act in one of your workspaces to create a deck') = 'guest' then
    perform app_private.fail('guest_cannot_create', 'Guests cannot create decks in this workspace (creating a deck is a workspace act)');
  end if;
  return app.current_workspace_id();
end;
$function$;

revoke all on function app_private.require_deck_creator() from public;
