-- jury results export: the inputs a version counted (scale, criteria, teams, scores by juror
-- label; never a note), what podium jury recount reads. With identities (organizers only) the
-- label -> address map is added. Others read released versions, without identities.
create or replace function app.jury_results_export(p_version integer, p_identities boolean default false) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  ctx app_private.event_ctx := app_private.role_ctx('hackathon:read', array['organizer', 'jury', 'participant', 'advisor']);
  r app.jury_results;
  i app_private.jury_result_inputs;
  out_ jsonb;
begin
  if coalesce(p_identities, false) and ctx.role <> 'organizer' then
    perform app_private.fail('insufficient_event_role', 'An event organizer is needed for an export with juror identities',
      jsonb_build_object('role', ctx.role, 'needed', '["organizer"]'::jsonb));
  end if;
  select * into r from app.jury_results x where x.event_id = ctx.event_id and x.version = p_version
    and (ctx.role = 'organizer' or x.released_at is not null);
  if r.id is null then
    perform app_private.fail('not_found', format('No jury results version %s', coalesce(p_version::text, 'null')), jsonb_build_object('version', p_version));
  end if;
  select * into i from app_private.jury_result_inputs x where x.result_id = r.id;
  out_ := jsonb_build_object('format', 'podium-jury-scores/1', 'resultVersion', r.version, 'digest', left(r.digest, 12)) || i.inputs;
  if coalesce(p_identities, false) then
    out_ := out_ || jsonb_build_object('jurors', coalesce((select jsonb_agg(jsonb_build_object('juror', k, 'email', v,
               'name', (select re.name from app.roster_entries re where re.event_id = ctx.event_id and app_private.normalize_email(re.email) = v)) order by length(k), k)
             from jsonb_each_text(i.jurors) e(k, v)), '[]'));
  end if;
  return out_;
end;
$$;
comment on function app.jury_results_export(integer, boolean) is E'@shape app.jury_results_export_file\njury results export: the counted inputs of a version (juror labels, no notes) for podium jury recount; identities (label -> address) for organizers only.';
revoke all on function app.jury_results_export(integer, boolean) from public;
grant execute on function app.jury_results_export(integer, boolean) to podium_app;
