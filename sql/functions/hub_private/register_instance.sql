-- Operator CLI (podium hub instance add): registers an instance behind this hub by URL (renaming it
-- if known) with the hash of its secret, replacing an earlier secret.

CREATE OR REPLACE FUNCTION hub_private.register_instance(p_url text, p_name text, p_secret_hash bytea)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  i hub.instances;
begin
  insert into hub.instances (url, name) values (p_url, p_name)
    on conflict (url) do update set name = excluded.name
    returning * into i;
  insert into hub_private.instance_secrets (instance_id, secret_hash) values (i.id, p_secret_hash)
    on conflict (instance_id) do update set secret_hash = excluded.secret_hash;
  return jsonb_build_object('id', i.id, 'url', i.url, 'name', i.name);
end;
$function$;

revoke all on function hub_private.register_instance(p_url text, p_name text, p_secret_hash bytea) from public;
