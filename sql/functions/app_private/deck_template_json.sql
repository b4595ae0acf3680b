-- A template as the wire and the generator read it.

CREATE OR REPLACE FUNCTION app_private.deck_template_json(t app_private.deck_templates)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('kind', t.kind, 'name', t.name, 'description', t.description, 'schemaVersion', t.schema_version,
    'screens', jsonb_build_object('min', t.min_screens, 'max', t.max_screens),
    'maxClaimChars', t.max_claim_chars, 'maxClaimsPerScreen', t.max_claims_per_screen, 'headings', t.headings)
$function$;

comment on function app_private.deck_template_json(t app_private.deck_templates) is 'A template as the wire and the generator read it.';
revoke all on function app_private.deck_template_json(t app_private.deck_templates) from public;
