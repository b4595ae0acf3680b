-- Deck links on an http install, and a vote link that is really this instance's (issue 27,
-- blocker 4). The route now also sets podium.public_origin (PUBLIC_URL's origin, e.g.
-- `http://127.0.0.1:8080`) beside podium.deck_link_hosts:
--  * every link is `http(s)://<host>/v/<token>/`; an https link on an allowed host (as before),
--    or any link on the instance's own origin, whatever its scheme, is allowed; anything else
--    stays 400 invalid_deck_link;
--  * the vote link must be a share link of this instance (its own host) that is live now
--    (token known, not revoked or expired, deck not deleted: deck_link_not_live), on a deck of
--    the caller's workspace (deck_link_other_workspace), and not another team's deck: the
--    same deck already another team's vote link in the event, or a generated deck made for
--    another team (deck_link_taken). Demo and presentation links keep the host rule only
--    (they may point at decks elsewhere); nothing counts them.
-- Without the settings (GraphQL) no host and no origin are allowed: it fails closed as before.

create or replace function app.set_team_deck_links(p_team text, p_patch jsonb)
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
  own_hosts text[];
  own boolean;
  shared jsonb;
  deck_ws uuid;
begin
  perform app_private.require_scope('hackathon:write');
  ctx := app_private.event_ctx();
  t := app_private.event_team_for(p_team, true);
  -- the instance's own host, with and without its port (https://h:8443 -> {h:8443, h})
  if origin ~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$' then
    own_hosts := array[substring(origin from '^https?://(.+)$'), substring(origin from '^https?://([^:]+)')];
  else
    own_hosts := '{}';
  end if;
  for k in select jsonb_object_keys(p_patch) loop
    if k not in ('demo', 'pitch', 'vote') then
      perform app_private.fail('invalid_input', format('%s is not a known field', k), jsonb_build_object('field', k));
    end if;
    if jsonb_typeof(p_patch -> k) = 'null' then
      continue;
    end if;
    v := p_patch ->> k;
    m := case when jsonb_typeof(p_patch -> k) = 'string' and length(v) <= 500
              then regexp_match(v, '^(https?)://([A-Za-z0-9.-]+(:[0-9]{1,5})?)/v/([A-Za-z0-9_-]+)/$') end;
    if m is null then
      perform app_private.fail('invalid_deck_link', format('%s must be a share link https://<host>/v/<token>/', k), jsonb_build_object('field', k));
    end if;
    own := lower(m[2]) = any (own_hosts) and (m[1] = 'https' or lower(m[1] || '://' || m[2]) = origin);
    if ((m[1] = 'https' and lower(m[2]) = any (hosts)) or own) is not true then
      perform app_private.fail('invalid_deck_link', format('%s: this instance does not allow deck links on %s', k, m[1] || '://' || m[2]),
        jsonb_build_object('field', k, 'allowedHosts', to_jsonb(array_remove(hosts, '')), 'ownOrigin', nullif(origin, '')));
    end if;
    if k = 'vote' and own is not true then
      perform app_private.fail('invalid_deck_link', format('vote must be a share link of this instance (%s/v/<token>/)', coalesce(nullif(origin, ''), 'its own origin')),
        jsonb_build_object('field', k, 'ownOrigin', nullif(origin, '')));
    end if;
  end loop;
  if p_patch ? 'vote' and ctx.role = 'participant'
     and exists (select 1 from app.events e where e.id = ctx.event_id and e.voting_opened_at is not null) then
    perform app_private.fail('vote_link_frozen', 'Voting has opened: the vote link is frozen; an organizer may replace it');
  end if;
  if jsonb_typeof(p_patch -> 'vote') = 'string' then
    v := p_patch ->> 'vote';
    shared := app_private.resolve_share_link(pg_catalog.sha256(convert_to(substring(v from '/v/([A-Za-z0-9_-]+)/$'), 'UTF8')));
    if shared is null then
      perform app_private.fail('deck_link_not_live', 'vote: this share link opens no live deck (unknown, revoked or expired link, or deleted deck)',
        jsonb_build_object('field', 'vote'));
    end if;
    select d.workspace_id into deck_ws from app.decks d where d.id = (shared ->> 'deckId')::uuid;
    if deck_ws is distinct from ctx.workspace_id then
      perform app_private.fail('deck_link_other_workspace', 'vote: this share link opens a deck of another workspace', jsonb_build_object('field', 'vote'));
    end if;
    if exists (select 1 from app_private.generated_deck_targets g
               where g.deck_id = (shared ->> 'deckId')::uuid and g.project_id <> t.project_id)
       or exists (select 1 from app.event_teams o
                  where o.event_id = t.event_id and o.project_id <> t.project_id and o.vote_link is not null
                    and (app_private.resolve_share_link(pg_catalog.sha256(convert_to(substring(o.vote_link from '/v/([A-Za-z0-9_-]+)/$'), 'UTF8'))) ->> 'deckId')
                        = shared ->> 'deckId') then
      perform app_private.fail('deck_link_taken', 'vote: this deck is another team''s vote deck', jsonb_build_object('field', 'vote'));
    end if;
  end if;
  update app.event_teams x set
    demo_link = case when p_patch ? 'demo' then p_patch ->> 'demo' else x.demo_link end,
    pitch_link = case when p_patch ? 'pitch' then p_patch ->> 'pitch' else x.pitch_link end,
    vote_link = case when p_patch ? 'vote' then p_patch ->> 'vote' else x.vote_link end,
    updated_at = app.now()
  where x.project_id = t.project_id returning * into t;
  return app_private.deck_links_json(t);
end;
$function$;
