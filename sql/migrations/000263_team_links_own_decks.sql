-- Whose deck a team may link, and links of this instance on its own origin only (issue 39,
-- findings F2 and F6).
--
-- F2: app.set_team_deck_links (000145) checked a vote link's deck for liveness, workspace and
-- "not another team's", never that it was the team's: a participant holding a share link of a
-- rival's deck, or of the owner's private deck, made it their vote deck, and the rival's own
-- link then failed deck_link_taken. Now every link this instance serves (its own origin, any
-- of demo, pitch and vote) is resolved to its deck when it is set, by
-- app_private.team_link_deck:
--   * live now (deck_link_not_live) and of the event's workspace (deck_link_other_workspace),
--     as the vote link was;
--   * a participant links only a deck owned by a participant of their own team on the roster
--     (matched by app_private.normalize_email), or the deck generated for their team
--     (generated_deck_targets): else 403 deck_link_not_yours, checked before deck_link_taken
--     so a participant learns nothing of other teams' links;
--   * an organizer (roster organizer, workspace owner or admin) places any deck of the
--     workspace on any team.
-- The vote link keeps deck_link_taken (one deck, one team). Demo and presentation links on
-- another allowed host (ALLOWED_DECK_LINK_HOSTS) cannot be resolved here: host rule only.
--
-- F6: a link on the instance's own host counted as its own whatever its scheme and with or
-- without its port, so on http://h:8080 the links https://h:8080/v/<t>/ and https://h/v/<t>/
-- were taken and voters got a dead link. A link of this instance is now exactly its origin
-- (podium.public_origin, PUBLIC_URL's origin; a default port written out counts as left
-- out): a link naming the instance's host:port with the other scheme, or its host name on
-- another port that the operator did not allow, is 400 invalid_deck_link "<field>: a link
-- to this instance must be <origin>/v/<token>/". The API no longer adds the instance's host
-- to the allowed hosts when ALLOWED_DECK_LINK_HOSTS is unset (api/routes/event/team-pages.ts).
-- Without the settings (GraphQL) no origin and no host are known: it fails closed as before.

create function app_private.team_link_deck(p_field text, p_link text, p_ctx app_private.event_ctx, p_project uuid)
 returns uuid
 language plpgsql stable
 set search_path = ''
as $$
declare
  shared jsonb := app_private.resolve_share_link(
    pg_catalog.sha256(convert_to(substring(p_link from '/v/([A-Za-z0-9_-]+)/$'), 'UTF8')));
  d app.decks;
begin
  if shared is null then
    perform app_private.fail('deck_link_not_live',
      format('%s: this share link opens no live deck (unknown, revoked or expired link, or deleted deck)', p_field),
      jsonb_build_object('field', p_field));
  end if;
  select * into d from app.decks x where x.id = (shared ->> 'deckId')::uuid;
  if d.workspace_id is distinct from p_ctx.workspace_id then
    perform app_private.fail('deck_link_other_workspace', format('%s: this share link opens a deck of another workspace', p_field),
      jsonb_build_object('field', p_field));
  end if;
  if p_ctx.role is distinct from 'organizer'
     and (exists (select 1 from app.users u
                  join app.roster_entries r on r.event_id = p_ctx.event_id and r.role = 'participant' and r.team_id = p_project
                   and app_private.normalize_email(r.email) = app_private.normalize_email(u.email)
                  where u.id = d.owner_id)
          or exists (select 1 from app_private.generated_deck_targets g where g.deck_id = d.id and g.project_id = p_project)) is not true then
    perform app_private.fail('deck_link_not_yours',
      format('%s: this share link opens a deck no member of your team owns; link a deck of your own team (an organizer may place any deck of the workspace)', p_field),
      jsonb_build_object('field', p_field));
  end if;
  return d.id;
end;
$$;
comment on function app_private.team_link_deck(text, text, app_private.event_ctx, uuid) is
  'The deck a team link of this instance opens, checked for the team: live, of the caller''s workspace, and for a participant owned by a participant of the team or generated for it (organizers: any deck of the workspace). Raises deck_link_not_live, deck_link_other_workspace, deck_link_not_yours.';
revoke all on function app_private.team_link_deck(text, text, app_private.event_ctx, uuid) from public;

create or replace function app.set_team_deck_links(p_team text, p_patch jsonb)
 returns jsonb
 language plpgsql
 security definer
 set search_path = ''
as $function$
declare
  ctx app_private.event_ctx;
  t app.event_teams;
  k text;
  v text;
  m text[];
  hosts text[] := string_to_array(lower(coalesce(current_setting('podium.deck_link_hosts', true), '')), ',');
  origin text := lower(coalesce(current_setting('podium.public_origin', true), ''));
  -- the instance's own scheme and host[:port] (http://h:8080 -> http, h:8080); NULL without an origin
  own_scheme text := substring(origin from '^(https?)://[a-z0-9.-]+(:[0-9]{1,5})?$');
  own_host text := substring(origin from '^https?://([a-z0-9.-]+(:[0-9]{1,5})?)$');
  link_host text;
  own_links text[] := '{}';
  deck uuid;
begin
  perform app_private.require_scope('hackathon:write');
  ctx := app_private.event_ctx();
  t := app_private.event_team_for(p_team, true);
  for k in select jsonb_object_keys(p_patch) loop
    if k not in ('demo', 'pitch', 'vote') then
      perform app_private.fail('invalid_input', format('%s is not a known field', k), jsonb_build_object('field', k));
    end if;
    if jsonb_typeof(p_patch -> k) = 'null' then
      continue;
    end if;
    v := p_patch ->> k;
    m := case when jsonb_typeof(p_patch -> k) = 'string' and length(v) <= 500
              then regexp_match(v, '^(https?)://([A-Za-z0-9.-]+)(:[0-9]{1,5})?/v/([A-Za-z0-9_-]+)/$') end;
    if m is null then
      perform app_private.fail('invalid_deck_link', format('%s must be a share link https://<host>/v/<token>/', k), jsonb_build_object('field', k));
    end if;
    -- host[:port] as the origin spells it: the scheme's default port is left out
    link_host := lower(m[2]) || case when m[3] = case m[1] when 'https' then ':443' else ':80' end then '' else coalesce(m[3], '') end;
    if link_host = own_host then
      -- this instance's host and port: its own scheme only (an https link to an http instance is dead)
      if m[1] is distinct from own_scheme then
        perform app_private.fail('invalid_deck_link', format('%s: a link to this instance must be %s/v/<token>/', k, origin),
          jsonb_build_object('field', k, 'ownOrigin', origin));
      end if;
      own_links := own_links || k;
    elsif k = 'vote' then
      perform app_private.fail('invalid_deck_link', format('vote must be a share link of this instance (%s/v/<token>/)', coalesce(nullif(origin, ''), 'its own origin')),
        jsonb_build_object('field', k, 'ownOrigin', nullif(origin, '')));
    elsif (m[1] = 'https' and lower(m[2] || coalesce(m[3], '')) = any (hosts)) is not true then
      perform app_private.fail('invalid_deck_link',
        case when lower(m[2]) = substring(own_host from '^[^:]+')
             then format('%s: a link to this instance must be %s/v/<token>/', k, origin)
             else format('%s: this instance does not allow deck links on %s', k, m[1] || '://' || m[2] || coalesce(m[3], '')) end,
        jsonb_build_object('field', k, 'allowedHosts', to_jsonb(array_remove(hosts, '')), 'ownOrigin', nullif(origin, '')));
    end if;
  end loop;
  if p_patch ? 'vote' and ctx.role = 'participant'
     and exists (select 1 from app.events e where e.id = ctx.event_id and e.voting_opened_at is not null) then
    perform app_private.fail('vote_link_frozen', 'Voting has opened: the vote link is frozen; an organizer may replace it');
  end if;
  -- links of this instance open a deck the team may show (vote last, so its answer names it)
  foreach k in array array(select f from unnest(own_links) f order by f = 'vote', f) loop
    deck := app_private.team_link_deck(k, p_patch ->> k, ctx, t.project_id);
    if k = 'vote'
       and (exists (select 1 from app_private.generated_deck_targets g where g.deck_id = deck and g.project_id <> t.project_id)
            or exists (select 1 from app.event_teams o
                       where o.event_id = t.event_id and o.project_id <> t.project_id and o.vote_link is not null
                         and (app_private.resolve_share_link(pg_catalog.sha256(convert_to(substring(o.vote_link from '/v/([A-Za-z0-9_-]+)/$'), 'UTF8'))) ->> 'deckId')
                             = deck::text)) then
      perform app_private.fail('deck_link_taken', 'vote: this deck is another team''s vote deck', jsonb_build_object('field', 'vote'));
    end if;
  end loop;
  update app.event_teams x set
    demo_link = case when p_patch ? 'demo' then p_patch ->> 'demo' else x.demo_link end,
    pitch_link = case when p_patch ? 'pitch' then p_patch ->> 'pitch' else x.pitch_link end,
    vote_link = case when p_patch ? 'vote' then p_patch ->> 'vote' else x.vote_link end,
    updated_at = app.now()
  where x.project_id = t.project_id returning * into t;
  return app_private.deck_links_json(t);
end;
$function$;
comment on function app.set_team_deck_links(text, jsonb) is
  'decks link: sets or clears (null) the demo, pitch and vote links of a team; works whatever the vote section says. A link of this instance must be on its own origin and open a live deck of the workspace that the team may show: a participant''s team member''s or the one generated for the team (organizers: any); the vote link must be such a link and no other team''s vote deck.';
