-- A function's JSON answer against the composite type GraphQL shows it as (its `@shape`):
-- every key of every object, nested objects and arrays of them included, must be a field of
-- the type, or the read fails naming the key. jsonb_populate_record would drop such a key
-- without a word, and a typed client would never see it; this way a type that has fallen
-- behind its function fails the first test that reads it. Answers the value unchanged.
-- Checked set-wise, a query per type and nesting level, so a long list costs little more
-- than a short one (docs/PERFORMANCE.md, "Typed GraphQL").

CREATE OR REPLACE FUNCTION app_private.json_shaped(p_value jsonb, p_type regtype)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_relid oid;
  v_objects jsonb; -- the value, or each element of an array value, as one array
  v_names text[];
  v_stray text;
  v_att record;
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    return p_value;
  end if;
  select t.typrelid into v_relid from pg_catalog.pg_type t where t.oid = p_type;
  if v_relid is null or v_relid = 0 then
    return p_value; -- a scalar field (text, uuid, jsonb, …): its value is the type's to read
  end if;
  v_objects := case when jsonb_typeof(p_value) = 'array' then p_value else jsonb_build_array(p_value) end;
  if exists (select 1 from jsonb_array_elements(v_objects) o where jsonb_typeof(o) not in ('object', 'null')) then
    raise exception 'answer does not fit its GraphQL shape: % expects an object', p_type;
  end if;
  -- Set-based, once per type and level (not once per key): a list of a hundred objects costs
  -- one query here and one per nested composite field below.
  v_names := array(select a.attname::text from pg_catalog.pg_attribute a where a.attrelid = v_relid and a.attnum > 0 and a.attisdropped is false);
  select k into v_stray
    from jsonb_array_elements(v_objects) o, jsonb_object_keys(case when jsonb_typeof(o) = 'object' then o else '{}' end) k
   where k <> all (v_names)
   limit 1;
  if v_stray is not null then
    raise exception 'answer does not fit its GraphQL shape: % has no field "%"', p_type, v_stray
      using hint = 'add the field to the composite type (sql/migrations) or drop it from the function';
  end if;
  -- Each field of a composite type (or an array of one): every object's value of it, checked at once.
  for v_att in
    select a.attname, t.typrelid <> 0 as single, case when t.typrelid <> 0 then t.oid else e.oid end as elem
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_type t on t.oid = a.atttypid
      left join pg_catalog.pg_type e on e.oid = t.typelem and t.typcategory = 'A'
     where a.attrelid = v_relid and a.attnum > 0 and a.attisdropped is false and (t.typrelid <> 0 or e.typrelid <> 0)
  loop
    perform app_private.json_shaped(
      (select coalesce(jsonb_agg(x), '[]')
         from jsonb_array_elements(v_objects) o,
              jsonb_array_elements(case when v_att.single is false and jsonb_typeof(o -> v_att.attname) = 'array' then o -> v_att.attname
                                        else jsonb_build_array(o -> v_att.attname) end) x
        where jsonb_typeof(o) = 'object' and o ? v_att.attname),
      v_att.elem::regtype);
  end loop;
  return p_value;
end;
$function$;

comment on function app_private.json_shaped(p_value jsonb, p_type regtype) is 'A function''s JSON answer checked against the composite type GraphQL shows it as: a key the type lacks fails the read.';
revoke all on function app_private.json_shaped(p_value jsonb, p_type regtype) from public;
grant execute on function app_private.json_shaped(p_value jsonb, p_type regtype) to podium_app;
