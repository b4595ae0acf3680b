-- Scopes hold on reads too. The REST allowlist asks for the tool's read scope, but /graphql
-- takes any key and its reads are plain SELECTs under row security, which checked only
-- membership: a hackathon:read key read every form answer, deck file and share link of its
-- workspace (allFormResponses, allDeckFiles, allShareLinks), a deck key read the roster and
-- the projects (allRosterEntries, allProjects), and app.list_decks answered a data:export key.
-- Every policy of a deck table now also asks for presentations:read, every policy of an event
-- table for hackathon:read (sessions carry every scope; security-definer functions, which
-- check their own scope, are not affected). Identity tables (users, workspaces, memberships)
-- stay readable by both tools. test/api/graphql-catalogue.test.ts fails on any policy of a
-- deck or event table that does not check one of these scopes.

-- Deck tables: presentations:read -------------------------------------------------------------
alter policy decks_select on app.decks using (
  (select app.has_scope('presentations:read')) and app_private.deck_role(id) is not null);
alter policy deck_versions_select on app.deck_versions using (
  (select app.has_scope('presentations:read')) and app_private.deck_role(deck_id) is not null);
alter policy deck_files_select on app.deck_files using (
  (select app.has_scope('presentations:read')) and app_private.deck_role(deck_id) is not null);
alter policy deck_annotations_select on app.deck_annotations using (
  (select app.has_scope('presentations:read')) and app_private.deck_role(deck_id) is not null);
alter policy deck_thumbnails_select on app.deck_thumbnails using (
  (select app.has_scope('presentations:read')) and app_private.deck_role(deck_id) is not null);
alter policy deck_collaborators_select on app.deck_collaborators using (
  (select app.has_scope('presentations:read'))
  and (user_id = (select app.current_user_id()) or app_private.deck_role(deck_id) in ('owner', 'admin')));
alter policy share_links_select on app.share_links using (
  (select app.has_scope('presentations:read')) and app_private.deck_role(deck_id) in ('owner', 'admin'));
alter policy deck_views_select on app.deck_views using (
  (select app.has_scope('presentations:read')) and app_private.deck_role(deck_id) in ('owner', 'admin'));
alter policy form_responses_select on app.form_responses using (
  (select app.has_scope('presentations:read')) and app_private.deck_role(deck_id) in ('owner', 'admin'));
alter policy form_response_revisions_select on app.form_response_revisions using (
  (select app.has_scope('presentations:read'))
  and exists (select 1 from app.form_responses r where r.id = response_id and app_private.deck_role(r.deck_id) in ('owner', 'admin')));

-- Event tables: hackathon:read ----------------------------------------------------------------
alter policy events_select on app.events using (
  (select app.has_scope('hackathon:read'))
  and id = (select (app_private.event_ctx_or_null()).event_id) and (select (app_private.event_ctx_or_null()).role) is not null);
alter policy event_notices_select on app.event_notices using (
  (select app.has_scope('hackathon:read')) and exists (select 1 from app.events e where e.id = event_id));
alter policy agenda_items_select on app.agenda_items using (
  (select app.has_scope('hackathon:read')) and exists (select 1 from app.events e where e.id = event_id));
alter policy roster_entries_select on app.roster_entries using (
  (select app.has_scope('hackathon:read'))
  and exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer'
       or lower(email) = (select lower(u.email) from app.users u where u.id = (select app.current_user_id()))));
alter policy event_teams_select on app.event_teams using (
  (select app.has_scope('hackathon:read'))
  and exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer' or project_id = (select (app_private.event_ctx_or_null()).team_id)));
alter policy team_repositories_select on app.team_repositories using (
  (select app.has_scope('hackathon:read'))
  and exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer' or project_id = (select (app_private.event_ctx_or_null()).team_id)));
alter policy submission_receipts_select on app.submission_receipts using (
  (select app.has_scope('hackathon:read'))
  and exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer' or project_id = (select (app_private.event_ctx_or_null()).team_id)));
alter policy submissions_select on app.submissions using (
  (select app.has_scope('hackathon:read'))
  and exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer' or project_id = (select (app_private.event_ctx_or_null()).team_id)));
alter policy submission_exceptions_select on app.submission_exceptions using (
  (select app.has_scope('hackathon:read'))
  and exists (select 1 from app.events e where e.id = event_id)
  and ((select (app_private.event_ctx_or_null()).role) = 'organizer' or project_id = (select (app_private.event_ctx_or_null()).team_id)));
-- Projects and workspace teams belong to the event service (GET /api/v1/projects, /teams).
alter policy projects_select on app.projects using (
  (select app.has_scope('hackathon:read'))
  and workspace_id = (select app.current_workspace_id()) and app_private.project_role_of(id) is not null);
alter policy project_members_select on app.project_members using (
  (select app.has_scope('hackathon:read')) and exists (select 1 from app.projects p where p.id = project_id));
alter policy teams_select on app.teams using (
  (select app.has_scope('hackathon:read'))
  and workspace_id = (select app.current_workspace_id()) and (select app_private.is_member_of(app.current_workspace_id())));
alter policy team_members_select on app.team_members using (
  (select app.has_scope('hackathon:read')) and exists (select 1 from app.teams t where t.id = team_id));

-- app.list_decks was the one deck read without its scope check (a data:export key listed
-- decks over GraphQL). Same answer as 000004, after the check every other deck read makes.
create or replace function app.list_decks(p_limit int, p_before_at timestamptz, p_before_id uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform app_private.require_scope('presentations:read');
  return (
    select coalesce(jsonb_agg(app_private.deck_json(d) order by d.created_at desc, d.id desc), '[]')
    from (
      select x.* from app.decks x
      where x.deleted_at is null
        and app_private.deck_role(x.id) is not null
        and (x.workspace_id = app.current_workspace_id()
             or x.id in (select c.deck_id from app.deck_collaborators c where c.user_id = app.current_user_id()))
        and (p_before_at is null or (x.created_at, x.id) < (p_before_at, p_before_id))
      order by x.created_at desc, x.id desc
      limit p_limit
    ) d);
end;
$$;
