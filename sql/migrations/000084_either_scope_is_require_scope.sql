-- The scope rule stands once, in app_private.require_scope (000040: one or more scopes, any
-- of them suffices). 000082 wrote its own two-scope copy before that helper took several;
-- the copy now defers to it, so the wording and the `needed` detail are the one rule's.
create or replace function app_private.require_either_scope(p_a text, p_b text) returns void
  language sql stable set search_path = '' as $$
  select app_private.require_scope(p_a, p_b)
$$;
comment on function app_private.require_either_scope(text, text) is
  'require_scope with two scopes (kept for the invitation and file functions of 000082).';
