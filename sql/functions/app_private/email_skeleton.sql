-- The UTS #39 skeleton of an address, for the look-alike checks. Each source maps to its prototype
-- independently of its neighbours and no prototype is a source, so replacing every source present,
-- in any order, is the mapping. PL/pgSQL, called once per address (sql/CONVENTIONS.md rule 6): the
-- ASCII sources, then only the non-ASCII characters present, never one lookup per character.

CREATE OR REPLACE FUNCTION app_private.email_skeleton(p text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE STRICT
 SET search_path TO ''
AS $function$
declare
  s text := pg_catalog.normalize(pg_catalog.normalize(app_private.normalize_email(p), 'NFKC'), 'NFD');
  c record;
begin
  for c in select x.source, x.prototype from app_private.confusables x where x.source < pg_catalog.chr(128) loop
    s := pg_catalog.replace(s, c.source, c.prototype);
  end loop;
  if s ~ '[^\x01-\x7f]' then
    for c in select x.source, x.prototype from app_private.confusables x
              where x.source in (select m[1] from pg_catalog.regexp_matches(s, '([^\x01-\x7f])', 'g') m) loop
      s := pg_catalog.replace(s, c.source, c.prototype);
    end loop;
  end if;
  return app_private.normalize_email(pg_catalog.normalize(s, 'NFD'));
end;
$function$;

comment on function app_private.email_skeleton(p text) is 'The look of an address: the UTS #39 skeleton (NFD, confusables, NFD) of its identity''s NFKC form, ASCII lower-cased. Equal skeletons of two identities mean look-alikes: it refuses, never matches or merges an account.';
revoke all on function app_private.email_skeleton(p text) from public;
