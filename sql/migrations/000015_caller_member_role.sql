-- One helper for "the caller's membership role in the workspace they act in", used by deck
-- creation and by projects (which had each written it out). Each area keeps its own rule
-- for guests and its own words.
create function app_private.caller_member_role(p_no_workspace text) returns app.workspace_role
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  r app.workspace_role;
begin
  select m.role into r from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = app.current_user_id();
  if r is null then
    perform app_private.fail('workspace_not_found', p_no_workspace);
  end if;
  return r;
end;
$$;

-- Creating a deck is a workspace act: members, admins and owners, never guests.
create or replace function app_private.require_deck_creator() returns uuid
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  if app_private.caller_member_role('Act in one of your workspaces to create a deck') = 'guest' then
    perform app_private.fail('guest_cannot_create', 'Guests cannot create decks in this workspace (creating a deck is a workspace act)');
  end if;
  return app.current_workspace_id();
end;
$$;

-- The caller's membership role in the workspace they act in; guests take no part in projects.
create or replace function app_private.project_caller_role() returns app.workspace_role
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  r app.workspace_role := app_private.caller_member_role('You act in no workspace of yours');
begin
  if r = 'guest' then
    perform app_private.fail('guest_excluded', 'Guests do not take part in projects');
  end if;
  return r;
end;
$$;
