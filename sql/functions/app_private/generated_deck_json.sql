-- A generated deck on the wire. viewKey names the read-only share link the API composes (its
-- secret is derived server-side).

CREATE OR REPLACE FUNCTION app_private.generated_deck_json(g app_private.generated_decks, p_full boolean)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', g.id, 'team', jsonb_build_object('id', p.id, 'name', p.name), 'kind', g.kind,
    'version', g.version, 'revision', g.revision,
    'template', jsonb_build_object('name', g.template, 'schemaVersion', g.schema_version, 'screens', jsonb_build_object('min', g.min_screens, 'max', g.max_screens)),
    'generator', g.generator, 'sha', g.submission_sha,
    'evidence', jsonb_build_object('name', 'submission-' || left(g.submission_sha, 12) || '.tar.gz', 'sha256', g.archive_sha256),
    'review', g.review, 'reviewedAt', app_private.iso(g.reviewed_at),
    'release', g.release, 'releasedAt', app_private.iso(g.released_at),
    'invalidated', g.invalidated_at is not null, 'invalidatedAt', app_private.iso(g.invalidated_at),
    'evidenceChanged', g.archive_sha256 is distinct from s.archive_sha256,
    'presentationId', g.deck_id, 'viewKey', g.job_id,
    'findings', g.findings, 'screens', g.screens, 'createdAt', app_private.iso(g.created_at))
    || case when p_full then jsonb_build_object('reviewNote', g.review_note) else '{}' end
  from app.projects p left join app.submissions s on s.project_id = p.id and s.state = 'frozen'
  where p.id = g.project_id
$function$;

comment on function app_private.generated_deck_json(g app_private.generated_decks, p_full boolean) is 'A generated deck on the wire. viewKey names the read-only share link the API composes (its secret is derived server-side).';
revoke all on function app_private.generated_deck_json(g app_private.generated_decks, p_full boolean) from public;
