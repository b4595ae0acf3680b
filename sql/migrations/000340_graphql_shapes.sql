-- Issue 44 (typed GraphQL): the composite types GraphQL shows the JSON answers of `app`
-- functions as. A function's comment names its type (`@shape app.workspace_membership[]`);
-- api/graphql-shapes.ts reads the answer into it. Field names are the JSON keys, quoted
-- where camelCase; a field added to a function's answer is added here too, or GraphQL
-- reads of it fail (app_private.json_shaped).

create type app.workspace_membership as (
  id uuid,
  name text,
  "organizationId" uuid,
  role text,
  "isDefault" boolean
);
comment on type app.workspace_membership is 'A workspace the caller belongs to: its role there, and whether it is the default.';
