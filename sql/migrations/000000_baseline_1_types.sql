-- Baseline, part 1: roles, schemas, types and default privileges. Generated once from the database the numbered migrations 000001-000306
-- built (their history is in git); new changes go in the next numbered migration, and every function
-- and view lives in sql/functions/<schema>/<name>.sql (see sql/CONVENTIONS.md). The runner records
-- these three files as applied on a database that already ran those migrations.

-- The roles every API request (podium_app) and every hub request (podium_hub) run as: no
-- BYPASSRLS, no login. Roles are cluster-wide, so this tolerates roles made by another database.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'podium_app') then
    create role podium_app nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'podium_hub') then
    create role podium_hub nologin;
  end if;
exception when duplicate_object or unique_violation then null;
end $$;
grant podium_app to current_user;
grant podium_hub to current_user;

--
--

--
-- Name: app; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA IF NOT EXISTS app;

--
-- Name: SCHEMA app; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA app IS 'What the API and PostGraphile see: tables under row-level security and the state-rule functions.';

--
-- Name: app_private; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA IF NOT EXISTS app_private;

--
-- Name: SCHEMA app_private; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA app_private IS 'Hashes, secrets and security-definer internals. Never exposed.';

--
-- Name: hub; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA IF NOT EXISTS hub;

--
-- Name: SCHEMA hub; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA hub IS 'The hub: accounts, organizations, their instances, tools and teams (read by their own accounts under row-level security).';

--
-- Name: hub_private; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA IF NOT EXISTS hub_private;

--
-- Name: SCHEMA hub_private; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA hub_private IS 'The hub''s secrets (hashed or sealed) and the functions its routes call. Never exposed.';

--
-- Name: workspace_role; Type: TYPE; Schema: app; Owner: -
--

CREATE TYPE app.workspace_role AS ENUM (
    'owner',
    'admin',
    'member',
    'guest'
);

--
-- Name: event_ctx; Type: TYPE; Schema: app_private; Owner: -
--

CREATE TYPE app_private.event_ctx AS (
	event_id uuid,
	workspace_id uuid,
	user_id uuid,
	role text,
	team_id uuid
);

--
-- Name: identity_key; Type: TYPE; Schema: app_private; Owner: -
--

CREATE TYPE app_private.identity_key AS (
	id uuid,
	name text,
	tool text,
	scopes text[],
	"workspaceId" uuid,
	"expiresAt" timestamp with time zone
);

--
-- Name: identity_user; Type: TYPE; Schema: app_private; Owner: -
--

CREATE TYPE app_private.identity_user AS (
	id uuid,
	email text,
	name text
);

--
-- Name: identity_workspace; Type: TYPE; Schema: app_private; Owner: -
--

CREATE TYPE app_private.identity_workspace AS (
	id uuid,
	name text,
	"organizationId" text,
	role app.workspace_role
);

--
-- Name: identity; Type: TYPE; Schema: app_private; Owner: -
--

CREATE TYPE app_private.identity AS (
	via text,
	"user" app_private.identity_user,
	key app_private.identity_key,
	"sessionId" uuid,
	"demoPassId" uuid,
	workspace app_private.identity_workspace,
	"workspaceError" json
);

--
-- Name: login_code_policy; Type: TYPE; Schema: app_private; Owner: -
--

CREATE TYPE app_private.login_code_policy AS (
	lifetime interval,
	attempts integer
);

--
-- Name: SCHEMA app; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA app TO podium_app;

--
-- Name: SCHEMA app_private; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA app_private TO podium_app;

--
-- Name: SCHEMA hub; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA hub TO podium_hub;

--
-- Name: SCHEMA hub_private; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA hub_private TO podium_hub;

--
-- Name: DEFAULT PRIVILEGES FOR FUNCTIONS; Type: DEFAULT ACL; Schema: -; Owner: -
--

ALTER DEFAULT PRIVILEGES REVOKE ALL ON FUNCTIONS FROM PUBLIC;

--
--
