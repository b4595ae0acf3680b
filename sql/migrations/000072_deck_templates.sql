-- The two generated-deck templates (issue 16): the contract a generated deck is checked
-- against. A template has a kind (jury: five-minute live presentation; community: quick
-- comparison), a schema version (bumped when the contract changes; each generated deck records
-- the one it was made with), a screen-count range and its screen headings in order (the
-- required ones first: a deck has every required screen and optional ones up to the maximum),
-- and the longest claim a screen may hold. The generator (core/decks/) reads the template the
-- job hands it from here, so SQL is the one place the contract lives.

create table app_private.deck_templates (
  kind text primary key check (kind in ('jury', 'community')),
  name text not null,
  description text not null,
  schema_version integer not null check (schema_version >= 1),
  min_screens integer not null check (min_screens >= 1),
  max_screens integer not null,
  max_claim_chars integer not null check (max_claim_chars between 40 and 1000),
  max_claims_per_screen integer not null check (max_claims_per_screen between 1 and 20),
  headings jsonb not null check (jsonb_typeof(headings) = 'array'),
  check (max_screens >= min_screens),
  check (jsonb_array_length(headings) = max_screens)
);
comment on table app_private.deck_templates is
  'The generated-deck templates: kind, schema version, screen-count range, screen headings (required first), claim limits.';

insert into app_private.deck_templates (kind, name, description, schema_version, min_screens, max_screens, max_claim_chars, max_claims_per_screen, headings) values
  ('jury', 'jury', 'Five-minute live presentation for the jury', 1, 6, 8, 240, 6,
   '[{"heading": "Problem", "required": true},
     {"heading": "What it does", "required": true},
     {"heading": "How it works", "required": true},
     {"heading": "What was built in the event", "required": true},
     {"heading": "Evidence it runs", "required": true},
     {"heading": "What is tested", "required": true},
     {"heading": "What is next", "required": false},
     {"heading": "The evidence", "required": false}]'),
  ('community', 'community', 'Quick comparison for the community vote', 1, 3, 4, 160, 4,
   '[{"heading": "The project", "required": true},
     {"heading": "What it does", "required": true},
     {"heading": "How it was built", "required": true},
     {"heading": "Try it", "required": false}]');

create function app_private.deck_template_json(t app_private.deck_templates) returns jsonb
  language sql stable set search_path = '' as $$
  select jsonb_build_object('kind', t.kind, 'name', t.name, 'description', t.description, 'schemaVersion', t.schema_version,
    'screens', jsonb_build_object('min', t.min_screens, 'max', t.max_screens),
    'maxClaimChars', t.max_claim_chars, 'maxClaimsPerScreen', t.max_claims_per_screen, 'headings', t.headings)
$$;
comment on function app_private.deck_template_json(app_private.deck_templates) is 'A template as the wire and the generator read it.';

-- decks templates: read; gated by the vote section like the other generation commands. Jury
-- viewers read the gallery and presentations only (insufficient_event_role).
create function app.deck_templates() returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.role_ctx('hackathon:read', array['participant', 'advisor', 'organizer']);
  perform app_private.require_vote_on(ctx.event_id);
  return jsonb_build_object('items', (select jsonb_agg(app_private.deck_template_json(t) order by t.kind = 'community', t.kind)
                                        from app_private.deck_templates t));
end;
$$;
comment on function app.deck_templates() is
  'decks templates: the jury and community deck contracts (kind, schema version, screen-count range, headings). vote_off while the vote section is off.';
grant execute on function app.deck_templates() to podium_app;
