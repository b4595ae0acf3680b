-- The canonical text of a jury result's inputs, what its digest hashes: a header, the method,
-- the scale, one line per criterion in order ("criterion <weight> <name>"), then one line per
-- counted score ("score <projectId> <juror label> <v1>,<v2>,..."), score lines in byte order,
-- every line ending in a newline. core/jury/tally.ts writes the same text for the recount.
create or replace function app_private.jury_canonical(p_inputs jsonb) returns text
  language sql immutable
  set search_path = ''
as $$
  select 'podium-jury-v1' || E'\n'
    || 'method ' || (p_inputs ->> 'method') || E'\n'
    || 'scale ' || (p_inputs #>> '{scale,min}') || ' ' || (p_inputs #>> '{scale,max}') || E'\n'
    || coalesce((select string_agg('criterion ' || (c ->> 'weight') || ' ' || (c ->> 'name') || E'\n', '' order by o)
                 from jsonb_array_elements(p_inputs -> 'criteria') with ordinality e(c, o)), '')
    || coalesce((select string_agg(q.l || E'\n', '' order by q.l collate "C")
                 from (select 'score ' || (x ->> 'projectId') || ' ' || (x ->> 'juror') || ' '
                              || (select string_agg(v, ',' order by o) from jsonb_array_elements_text(x -> 'values') with ordinality w(v, o)) as l
                         from jsonb_array_elements(p_inputs -> 'scores') x) q), '')
$$;
comment on function app_private.jury_canonical(jsonb) is 'The canonical text of jury result inputs (method, scale, criteria, scores by juror label); sha256 of it is the digest.';
revoke all on function app_private.jury_canonical(jsonb) from public;
