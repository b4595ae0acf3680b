-- A function's JSON answer against the composite type GraphQL shows it as (its `@shape`):
-- every key of every object, nested objects and arrays of them included, must be a field of
-- the type, or the read fails naming the key. jsonb_populate_record would drop such a key
-- without a word, and a typed client would never see it; this way a type that has fallen
-- behind its function fails the first test that reads it. Answers the value unchanged.

CREATE OR REPLACE FUNCTION app_private.json_shaped(p_value jsonb, p_type regtype)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_relid oid;
  v_key text;
  v_type oid;
  v_elem oid;
  v_item jsonb;
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    return p_value;
  end if;
  if jsonb_typeof(p_value) = 'array' then
    for v_item in select jsonb_array_elements(p_value) loop
      perform app_private.json_shaped(v_item, p_type);
    end loop;
    return p_value;
  end if;
  select t.typrelid into v_relid from pg_catalog.pg_type t where t.oid = p_type;
  if v_relid is null or v_relid = 0 then
    return p_value; -- a scalar field (text, uuid, jsonb, …): its value is the type's to read
  end if;
  if jsonb_typeof(p_value) <> 'object' then
    raise exception 'answer does not fit its GraphQL shape: % expects an object, got %', p_type, jsonb_typeof(p_value);
  end if;
  for v_key in select jsonb_object_keys(p_value) loop
    select a.atttypid into v_type
      from pg_catalog.pg_attribute a
     where a.attrelid = v_relid and a.attname = v_key and a.attnum > 0 and not a.attisdropped;
    if v_type is null then
      raise exception 'answer does not fit its GraphQL shape: % has no field "%"', p_type, v_key
        using hint = 'add the field to the composite type (sql/migrations) or drop it from the function';
    end if;
    select case when t.typrelid <> 0 then t.oid
                when e.typrelid <> 0 then e.oid end
      into v_elem
      from pg_catalog.pg_type t left join pg_catalog.pg_type e on e.oid = t.typelem and t.typcategory = 'A'
     where t.oid = v_type;
    if v_elem is not null then
      perform app_private.json_shaped(p_value -> v_key, v_elem::regtype);
    end if;
    v_type := null;
  end loop;
  return p_value;
end;
$function$;

comment on function app_private.json_shaped(p_value jsonb, p_type regtype) is 'A function''s JSON answer checked against the composite type GraphQL shows it as: a key the type lacks fails the read.';
revoke all on function app_private.json_shaped(p_value jsonb, p_type regtype) from public;
grant execute on function app_private.json_shaped(p_value jsonb, p_type regtype) to podium_app;
