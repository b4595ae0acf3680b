-- A form submission through a deck share link (the API's forms route): a new response, or a
-- revision of the respondent's earlier one when the route recognises them (p_respondent). Keeps the
-- first and the latest 99 revisions, and mails the deck's owner at most every 10 minutes when the
-- deck notifies. Refuses not_found (revoked, expired or deleted) and forms_disabled.

CREATE OR REPLACE FUNCTION app_private.submit_form_response(p_link uuid, p_form text, p_answers jsonb, p_source text, p_placement text, p_respondent bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  l app.share_links;
  d app.decks;
  r app.form_responses;
  existing uuid;
  t timestamptz := app.now();
  kind text;
begin
  select * into l from app.share_links x where x.id = p_link;
  select * into d from app.decks x where x.id = l.deck_id;
  if l.id is null or l.revoked_at is not null or d.deleted_at is not null or (l.expires_at is not null and l.expires_at <= t) then
    perform app_private.fail('not_found', 'This link does not work');
  end if;
  if l.forms_enabled is not true then
    perform app_private.fail('forms_disabled', 'This link does not take form submissions');
  end if;
  if p_respondent is not null then
    select x.response_id into existing from app_private.response_respondents x
     where x.deck_id = d.id and x.form = p_form and x.respondent_hash = p_respondent for update;
  end if;
  if existing is null then
    insert into app.form_responses (deck_id, form, link_id, source, placement, answers, created_at)
    values (d.id, p_form, l.id, p_source, p_placement, p_answers, t) returning * into r;
    if p_respondent is not null then
      insert into app_private.response_respondents (deck_id, form, respondent_hash, response_id) values (d.id, p_form, p_respondent, r.id);
    end if;
    kind := 'new';
  else
    update app.form_responses x set answers = p_answers, edited_at = t, revision_count = x.revision_count + 1
     where x.id = existing returning * into r;
    kind := 'edit';
  end if;
  insert into app.form_response_revisions (response_id, revision, answers, link_id, source, placement, written_at)
  values (r.id, r.revision_count, p_answers, l.id, p_source, p_placement, t);
  -- Keep the first revision and the latest 99.
  delete from app.form_response_revisions x where x.response_id = r.id and x.revision > 1 and x.revision <= r.revision_count - 99;

  if d.notify then
    insert into app_private.deck_mail_throttle as m (deck_id, last_mail_at) values (d.id, t)
    on conflict (deck_id) do update set last_mail_at = excluded.last_mail_at where m.last_mail_at <= t - interval '10 minutes';
    if found then
      perform graphile_worker.add_job('deck__notify_owner',
        jsonb_build_object('deckId', d.id, 'kind', kind, 'responseId', r.id)::json,
        job_key => 'deck_notify:' || d.id || ':' || extract(epoch from t)::bigint, max_attempts => 5);
    end if;
  end if;
  return jsonb_build_object('id', r.id, 'form', r.form, 'revision', r.revision_count, 'createdAt', r.created_at, 'editedAt', r.edited_at);
end;
$function$;

revoke all on function app_private.submit_form_response(p_link uuid, p_form text, p_answers jsonb, p_source text, p_placement text, p_respondent bytea) from public;
