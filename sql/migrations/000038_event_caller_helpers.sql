-- One preamble for event functions: the credential's scope, then the caller's roster role.
-- Every event function starts with one of these two instead of spelling the checks out:
--   ctx := app_private.organizer_ctx('hackathon:write');
--   ctx := app_private.role_ctx('hackathon:write', array['participant', 'advisor', 'organizer']);
-- The scope is checked first, so a key without it never learns whether its holder is on
-- the roster (the same order as require_event_scope then require_event_role).

create function app_private.role_ctx(p_scope text, p_roles text[]) returns app_private.event_ctx
  language plpgsql stable set search_path = '' as $$
begin
  perform app_private.require_scope(p_scope);
  return app_private.require_event_role(p_roles);
end;
$$;
comment on function app_private.role_ctx(text, text[]) is
  'The caller''s event context once the credential holds p_scope and the caller''s roster role is one of p_roles (insufficient_scope, event_not_configured, not_on_roster, insufficient_event_role otherwise).';

create function app_private.organizer_ctx(p_scope text) returns app_private.event_ctx
  language sql stable set search_path = '' as $$
  select app_private.role_ctx(p_scope, array['organizer'])
$$;
comment on function app_private.organizer_ctx(text) is
  'The caller''s event context once the credential holds p_scope and the caller organizes the event.';

grant execute on function app_private.role_ctx(text, text[]) to podium_app;
grant execute on function app_private.organizer_ctx(text) to podium_app;
