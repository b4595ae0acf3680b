-- One jury result version as the wire shows it.
create or replace function app_private.jury_result_json(r app.jury_results) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('version', r.version, 'method', r.method,
    'calculatedAt', app_private.iso(r.calculated_at), 'released', r.released_at is not null, 'releasedAt', app_private.iso(r.released_at),
    'digest', left(r.digest, 12), 'rows', r.rows, 'ties', r.ties, 'coverage', r.coverage)
$$;
comment on function app_private.jury_result_json(app.jury_results) is 'A jury result version: method, digest (12), rows, ties, coverage, release.';
revoke all on function app_private.jury_result_json(app.jury_results) from public;
