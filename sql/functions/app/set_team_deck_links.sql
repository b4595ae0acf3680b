-- decks link: sets or clears (null) the demo, pitch and vote links of a team; works whatever the
-- vote section says. A link of this instance must be on its own origin and open a live deck of
-- the workspace that the team may show: a participant's team member's or the one generated for
-- the team (organizers: any); the vote link must be such a link and no other team's vote deck.

CREATE OR REPLACE FUNCTION app.set_team_deck_links(p_team text, p_patch jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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

comment on function app.set_team_deck_links(p_team text, p_patch jsonb) is E'@shape app.event_team_deck_link_set\ndecks link: sets or clears (null) the demo, pitch and vote links of a team; works whatever the vote section says. A link of this instance must be on its own origin and open a live deck of the workspace that the team may show: a participant''s team member''s or the one generated for the team (organizers: any); the vote link must be such a link and no other team''s vote deck.';
revoke all on function app.set_team_deck_links(p_team text, p_patch jsonb) from public;
grant execute on function app.set_team_deck_links(p_team text, p_patch jsonb) to public;
grant execute on function app.set_team_deck_links(p_team text, p_patch jsonb) to podium_app;
