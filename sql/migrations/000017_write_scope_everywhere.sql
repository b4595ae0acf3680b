-- Every write function of the app schema checks the credential's write scope itself, so
-- the rule holds on every path to it: REST's key allowlist already refused a read-only key
-- on POST /presentations/:id/duplicate and PUT /me/default-workspace, but POST /graphql is
-- open to every key (PostGraphile exposes the app schema), and these two functions were
-- the only writes that did not check. Each keeps its body (moved to app_private, callable
-- only by its owner now) behind a wrapper that checks first; sessions carry every scope.

-- Duplicate makes a deck: presentations:write, as every other deck write.
alter function app.duplicate_deck(uuid, int, text) set schema app_private;
alter function app_private.duplicate_deck(uuid, int, text) rename to duplicate_deck_checked_by_caller;
revoke execute on function app_private.duplicate_deck_checked_by_caller(uuid, int, text) from podium_app;

create function app.duplicate_deck(p_deck uuid, p_version int, p_title text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  perform app_private.require_scope('presentations:write');
  return app_private.duplicate_deck_checked_by_caller(p_deck, p_version, p_title);
end;
$$;
comment on function app.duplicate_deck(uuid, int, text) is 'Copies a version of a deck (current by default) into a new deck at version 1, titled like the source plus (copy). Needs presentations:write.';
grant execute on function app.duplicate_deck(uuid, int, text) to podium_app;

-- The default workspace is shared by both tools: either tool's write scope.
alter function app.set_default_workspace(uuid) set schema app_private;
alter function app_private.set_default_workspace(uuid) rename to set_default_workspace_checked_by_caller;
revoke execute on function app_private.set_default_workspace_checked_by_caller(uuid) from podium_app;

create function app.set_default_workspace(p_workspace uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  if not (app.has_scope('presentations:write') or app.has_scope('hackathon:write')) then
    perform app_private.fail('insufficient_scope', 'This key lacks the scope presentations:write or hackathon:write',
      jsonb_build_object('needed', jsonb_build_array('presentations:write', 'hackathon:write')));
  end if;
  return app_private.set_default_workspace_checked_by_caller(p_workspace);
end;
$$;
comment on function app.set_default_workspace(uuid) is 'Makes one of your workspaces the default for requests that name none. Needs a write scope of either tool.';
grant execute on function app.set_default_workspace(uuid) to podium_app;
