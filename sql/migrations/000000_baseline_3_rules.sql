-- Baseline, part 3: keys, indexes, triggers, row-level security, policies and grants. Generated once from the database the numbered migrations 000001-000306
-- built (their history is in git); new changes go in the next numbered migration, and every function
-- and view lives in sql/functions/<schema>/<name>.sql (see sql/CONVENTIONS.md). The runner records
-- these three files as applied on a database that already ran those migrations.

--
--

--
-- Name: agenda_items agenda_items_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.agenda_items
    ADD CONSTRAINT agenda_items_pkey PRIMARY KEY (id);

--
-- Name: chat_channels chat_channels_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_channels
    ADD CONSTRAINT chat_channels_pkey PRIMARY KEY (id);

--
-- Name: chat_posts chat_posts_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_posts
    ADD CONSTRAINT chat_posts_pkey PRIMARY KEY (id);

--
-- Name: chat_reactions chat_reactions_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_reactions
    ADD CONSTRAINT chat_reactions_pkey PRIMARY KEY (post_id, user_id, emoji);

--
-- Name: deck_annotations deck_annotations_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_annotations
    ADD CONSTRAINT deck_annotations_pkey PRIMARY KEY (id);

--
-- Name: deck_collaborators deck_collaborators_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_collaborators
    ADD CONSTRAINT deck_collaborators_pkey PRIMARY KEY (id);

--
-- Name: deck_files deck_files_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_files
    ADD CONSTRAINT deck_files_pkey PRIMARY KEY (deck_id, version, path);

--
-- Name: deck_thumbnails deck_thumbnails_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_thumbnails
    ADD CONSTRAINT deck_thumbnails_pkey PRIMARY KEY (deck_id, version);

--
-- Name: deck_versions deck_versions_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_versions
    ADD CONSTRAINT deck_versions_pkey PRIMARY KEY (deck_id, number);

--
-- Name: deck_views deck_views_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_views
    ADD CONSTRAINT deck_views_pkey PRIMARY KEY (id);

--
-- Name: decks decks_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.decks
    ADD CONSTRAINT decks_pkey PRIMARY KEY (id);

--
-- Name: event_notices event_notices_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.event_notices
    ADD CONSTRAINT event_notices_pkey PRIMARY KEY (id);

--
-- Name: event_teams event_teams_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.event_teams
    ADD CONSTRAINT event_teams_pkey PRIMARY KEY (project_id);

--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);

--
-- Name: events events_workspace_id_key; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.events
    ADD CONSTRAINT events_workspace_id_key UNIQUE (workspace_id);

--
-- Name: form_response_revisions form_response_revisions_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.form_response_revisions
    ADD CONSTRAINT form_response_revisions_pkey PRIMARY KEY (response_id, revision);

--
-- Name: form_responses form_responses_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.form_responses
    ADD CONSTRAINT form_responses_pkey PRIMARY KEY (id);

--
-- Name: help_requests help_requests_channel_id_key; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.help_requests
    ADD CONSTRAINT help_requests_channel_id_key UNIQUE (channel_id);

--
-- Name: help_requests help_requests_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.help_requests
    ADD CONSTRAINT help_requests_pkey PRIMARY KEY (id);

--
-- Name: memberships memberships_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.memberships
    ADD CONSTRAINT memberships_pkey PRIMARY KEY (workspace_id, user_id);

--
-- Name: project_members project_members_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.project_members
    ADD CONSTRAINT project_members_pkey PRIMARY KEY (id);

--
-- Name: project_members project_members_project_id_team_id_key; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.project_members
    ADD CONSTRAINT project_members_project_id_team_id_key UNIQUE (project_id, team_id);

--
-- Name: project_members project_members_project_id_user_id_key; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.project_members
    ADD CONSTRAINT project_members_project_id_user_id_key UNIQUE (project_id, user_id);

--
-- Name: projects projects_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.projects
    ADD CONSTRAINT projects_pkey PRIMARY KEY (id);

--
-- Name: roster_entries roster_entries_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.roster_entries
    ADD CONSTRAINT roster_entries_pkey PRIMARY KEY (id);

--
-- Name: share_links share_links_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.share_links
    ADD CONSTRAINT share_links_pkey PRIMARY KEY (id);

--
-- Name: submission_exceptions submission_exceptions_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submission_exceptions
    ADD CONSTRAINT submission_exceptions_pkey PRIMARY KEY (id);

--
-- Name: submission_receipts submission_receipts_event_id_delivery_id_key; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submission_receipts
    ADD CONSTRAINT submission_receipts_event_id_delivery_id_key UNIQUE (event_id, delivery_id);

--
-- Name: submission_receipts submission_receipts_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submission_receipts
    ADD CONSTRAINT submission_receipts_pkey PRIMARY KEY (seq);

--
-- Name: submissions submissions_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submissions
    ADD CONSTRAINT submissions_pkey PRIMARY KEY (project_id);

--
-- Name: team_members team_members_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.team_members
    ADD CONSTRAINT team_members_pkey PRIMARY KEY (team_id, user_id);

--
-- Name: team_repositories team_repositories_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.team_repositories
    ADD CONSTRAINT team_repositories_pkey PRIMARY KEY (project_id);

--
-- Name: teams teams_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.teams
    ADD CONSTRAINT teams_pkey PRIMARY KEY (id);

--
-- Name: teams teams_workspace_id_slug_key; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.teams
    ADD CONSTRAINT teams_workspace_id_slug_key UNIQUE (workspace_id, slug);

--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

--
-- Name: vote_ballot_reads vote_ballot_reads_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_ballot_reads
    ADD CONSTRAINT vote_ballot_reads_pkey PRIMARY KEY (id);

--
-- Name: vote_ballots vote_ballots_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_ballots
    ADD CONSTRAINT vote_ballots_pkey PRIMARY KEY (id);

--
-- Name: vote_ballots vote_ballots_voter_id_key; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_ballots
    ADD CONSTRAINT vote_ballots_voter_id_key UNIQUE (voter_id);

--
-- Name: vote_candidates vote_candidates_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_candidates
    ADD CONSTRAINT vote_candidates_pkey PRIMARY KEY (eligibility_id, project_id);

--
-- Name: vote_eligibility vote_eligibility_event_id_version_key; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_eligibility
    ADD CONSTRAINT vote_eligibility_event_id_version_key UNIQUE (event_id, version);

--
-- Name: vote_eligibility vote_eligibility_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_eligibility
    ADD CONSTRAINT vote_eligibility_pkey PRIMARY KEY (id);

--
-- Name: vote_results vote_results_event_id_version_key; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_results
    ADD CONSTRAINT vote_results_event_id_version_key UNIQUE (event_id, version);

--
-- Name: vote_results vote_results_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_results
    ADD CONSTRAINT vote_results_pkey PRIMARY KEY (id);

--
-- Name: vote_voters vote_voters_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_voters
    ADD CONSTRAINT vote_voters_pkey PRIMARY KEY (id);

--
-- Name: workspaces workspaces_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.workspaces
    ADD CONSTRAINT workspaces_pkey PRIMARY KEY (id);

--
-- Name: access_revocations access_revocations_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.access_revocations
    ADD CONSTRAINT access_revocations_pkey PRIMARY KEY (id);

--
-- Name: api_heartbeats api_heartbeats_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.api_heartbeats
    ADD CONSTRAINT api_heartbeats_pkey PRIMARY KEY (replica_id);

--
-- Name: api_keys api_keys_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.api_keys
    ADD CONSTRAINT api_keys_pkey PRIMARY KEY (id);

--
-- Name: api_keys api_keys_token_hash_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.api_keys
    ADD CONSTRAINT api_keys_token_hash_key UNIQUE (token_hash);

--
-- Name: blobs blobs_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.blobs
    ADD CONSTRAINT blobs_pkey PRIMARY KEY (sha256);

--
-- Name: clock clock_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.clock
    ADD CONSTRAINT clock_pkey PRIMARY KEY (id);

--
-- Name: confusables confusables_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.confusables
    ADD CONSTRAINT confusables_pkey PRIMARY KEY (source);

--
-- Name: deck_mail_throttle deck_mail_throttle_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.deck_mail_throttle
    ADD CONSTRAINT deck_mail_throttle_pkey PRIMARY KEY (deck_id);

--
-- Name: deck_templates deck_templates_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.deck_templates
    ADD CONSTRAINT deck_templates_pkey PRIMARY KEY (kind);

--
-- Name: demo_passes demo_passes_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.demo_passes
    ADD CONSTRAINT demo_passes_pkey PRIMARY KEY (id);

--
-- Name: demo_passes demo_passes_token_hash_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.demo_passes
    ADD CONSTRAINT demo_passes_token_hash_key UNIQUE (token_hash);

--
-- Name: erased_accounts erased_accounts_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.erased_accounts
    ADD CONSTRAINT erased_accounts_pkey PRIMARY KEY (user_id);

--
-- Name: files files_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.files
    ADD CONSTRAINT files_pkey PRIMARY KEY (id);

--
-- Name: generated_deck_targets generated_deck_targets_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_deck_targets
    ADD CONSTRAINT generated_deck_targets_pkey PRIMARY KEY (project_id, kind);

--
-- Name: generated_decks generated_decks_deck_id_version_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_decks
    ADD CONSTRAINT generated_decks_deck_id_version_key UNIQUE (deck_id, version);

--
-- Name: generated_decks generated_decks_job_id_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_decks
    ADD CONSTRAINT generated_decks_job_id_key UNIQUE (job_id);

--
-- Name: generated_decks generated_decks_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_decks
    ADD CONSTRAINT generated_decks_pkey PRIMARY KEY (id);

--
-- Name: generation_jobs generation_jobs_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generation_jobs
    ADD CONSTRAINT generation_jobs_pkey PRIMARY KEY (id);

--
-- Name: generation_jobs generation_jobs_run_id_project_id_kind_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generation_jobs
    ADD CONSTRAINT generation_jobs_run_id_project_id_kind_key UNIQUE (run_id, project_id, kind);

--
-- Name: generation_runs generation_runs_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generation_runs
    ADD CONSTRAINT generation_runs_pkey PRIMARY KEY (id);

--
-- Name: github_installations github_installations_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.github_installations
    ADD CONSTRAINT github_installations_pkey PRIMARY KEY (installation_id);

--
-- Name: hub_accounts hub_accounts_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.hub_accounts
    ADD CONSTRAINT hub_accounts_pkey PRIMARY KEY (hub_account_id);

--
-- Name: hub_accounts hub_accounts_user_id_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.hub_accounts
    ADD CONSTRAINT hub_accounts_user_id_key UNIQUE (user_id);

--
-- Name: idempotency_keys idempotency_keys_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (user_id, scope, key);

--
-- Name: instance_operators instance_operators_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.instance_operators
    ADD CONSTRAINT instance_operators_pkey PRIMARY KEY (user_id);

--
-- Name: invitations invitations_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.invitations
    ADD CONSTRAINT invitations_pkey PRIMARY KEY (id);

--
-- Name: invitations invitations_token_hash_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.invitations
    ADD CONSTRAINT invitations_token_hash_key UNIQUE (token_hash);

--
-- Name: key_usage key_usage_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.key_usage
    ADD CONSTRAINT key_usage_pkey PRIMARY KEY (key_id, route);

--
-- Name: live_deferred live_deferred_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.live_deferred
    ADD CONSTRAINT live_deferred_pkey PRIMARY KEY (n);

--
-- Name: live_events live_events_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.live_events
    ADD CONSTRAINT live_events_pkey PRIMARY KEY (id);

--
-- Name: live_horizon live_horizon_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.live_horizon
    ADD CONSTRAINT live_horizon_pkey PRIMARY KEY (singleton);

--
-- Name: local_organizations local_organizations_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.local_organizations
    ADD CONSTRAINT local_organizations_pkey PRIMARY KEY (login_key);

--
-- Name: local_repositories local_repositories_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.local_repositories
    ADD CONSTRAINT local_repositories_pkey PRIMARY KEY (name_key);

--
-- Name: login_codes login_codes_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.login_codes
    ADD CONSTRAINT login_codes_pkey PRIMARY KEY (id);

--
-- Name: login_codes login_codes_user_id_tool_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.login_codes
    ADD CONSTRAINT login_codes_user_id_tool_key UNIQUE (user_id, tool);

--
-- Name: mail_outbox mail_outbox_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.mail_outbox
    ADD CONSTRAINT mail_outbox_pkey PRIMARY KEY (id);

--
-- Name: mail_reads mail_reads_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.mail_reads
    ADD CONSTRAINT mail_reads_pkey PRIMARY KEY (id);

--
-- Name: provision_runs provision_runs_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.provision_runs
    ADD CONSTRAINT provision_runs_pkey PRIMARY KEY (event_id, key);

--
-- Name: response_respondents response_respondents_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.response_respondents
    ADD CONSTRAINT response_respondents_pkey PRIMARY KEY (deck_id, form, respondent_hash);

--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);

--
-- Name: sessions sessions_token_hash_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sessions
    ADD CONSTRAINT sessions_token_hash_key UNIQUE (token_hash);

--
-- Name: setup_tokens setup_tokens_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.setup_tokens
    ADD CONSTRAINT setup_tokens_pkey PRIMARY KEY (token_hash);

--
-- Name: share_link_secrets share_link_secrets_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.share_link_secrets
    ADD CONSTRAINT share_link_secrets_pkey PRIMARY KEY (link_id);

--
-- Name: share_link_secrets share_link_secrets_token_hash_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.share_link_secrets
    ADD CONSTRAINT share_link_secrets_token_hash_key UNIQUE (token_hash);

--
-- Name: sign_ins sign_ins_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sign_ins
    ADD CONSTRAINT sign_ins_pkey PRIMARY KEY (user_id);

--
-- Name: template_revisions template_revisions_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.template_revisions
    ADD CONSTRAINT template_revisions_pkey PRIMARY KEY (event_id, ref);

--
-- Name: upload_intents upload_intents_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.upload_intents
    ADD CONSTRAINT upload_intents_pkey PRIMARY KEY (user_id, workspace_id, sha256);

--
-- Name: user_secrets user_secrets_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.user_secrets
    ADD CONSTRAINT user_secrets_pkey PRIMARY KEY (user_id);

--
-- Name: view_dedupe view_dedupe_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.view_dedupe
    ADD CONSTRAINT view_dedupe_pkey PRIMARY KEY (link_id, visitor_hash);

--
-- Name: vote_result_ballots vote_result_ballots_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.vote_result_ballots
    ADD CONSTRAINT vote_result_ballots_pkey PRIMARY KEY (result_id);

--
-- Name: webhook_failures webhook_failures_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.webhook_failures
    ADD CONSTRAINT webhook_failures_pkey PRIMARY KEY (event_id);

--
-- Name: worker_heartbeats worker_heartbeats_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.worker_heartbeats
    ADD CONSTRAINT worker_heartbeats_pkey PRIMARY KEY (worker_id);

--
-- Name: workspace_blobs workspace_blobs_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.workspace_blobs
    ADD CONSTRAINT workspace_blobs_pkey PRIMARY KEY (workspace_id, sha256);

--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);

--
-- Name: instances instances_pkey; Type: CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.instances
    ADD CONSTRAINT instances_pkey PRIMARY KEY (id);

--
-- Name: instances instances_url_key; Type: CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.instances
    ADD CONSTRAINT instances_url_key UNIQUE (url);

--
-- Name: memberships memberships_pkey; Type: CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.memberships
    ADD CONSTRAINT memberships_pkey PRIMARY KEY (organization_id, account_id);

--
-- Name: organizations organizations_pkey; Type: CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.organizations
    ADD CONSTRAINT organizations_pkey PRIMARY KEY (id);

--
-- Name: team_members team_members_pkey; Type: CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.team_members
    ADD CONSTRAINT team_members_pkey PRIMARY KEY (team_id, account_id);

--
-- Name: teams teams_organization_id_slug_key; Type: CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.teams
    ADD CONSTRAINT teams_organization_id_slug_key UNIQUE (organization_id, slug);

--
-- Name: teams teams_pkey; Type: CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.teams
    ADD CONSTRAINT teams_pkey PRIMARY KEY (id);

--
-- Name: account_secrets account_secrets_pkey; Type: CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.account_secrets
    ADD CONSTRAINT account_secrets_pkey PRIMARY KEY (account_id);

--
-- Name: grants grants_grant_hash_key; Type: CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.grants
    ADD CONSTRAINT grants_grant_hash_key UNIQUE (grant_hash);

--
-- Name: grants grants_jti_key; Type: CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.grants
    ADD CONSTRAINT grants_jti_key UNIQUE (jti);

--
-- Name: grants grants_pkey; Type: CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.grants
    ADD CONSTRAINT grants_pkey PRIMARY KEY (id);

--
-- Name: instance_secrets instance_secrets_pkey; Type: CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.instance_secrets
    ADD CONSTRAINT instance_secrets_pkey PRIMARY KEY (instance_id);

--
-- Name: instance_secrets instance_secrets_secret_hash_key; Type: CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.instance_secrets
    ADD CONSTRAINT instance_secrets_secret_hash_key UNIQUE (secret_hash);

--
-- Name: login_codes login_codes_pkey; Type: CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.login_codes
    ADD CONSTRAINT login_codes_pkey PRIMARY KEY (account_id);

--
-- Name: logins logins_pkey; Type: CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.logins
    ADD CONSTRAINT logins_pkey PRIMARY KEY (id);

--
-- Name: logins logins_token_hash_key; Type: CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.logins
    ADD CONSTRAINT logins_token_hash_key UNIQUE (token_hash);

--
-- Name: signing_keys signing_keys_pkey; Type: CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.signing_keys
    ADD CONSTRAINT signing_keys_pkey PRIMARY KEY (kid);

--
-- Name: agenda_items_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX agenda_items_event_idx ON app.agenda_items USING btree (event_id, starts_at);

--
-- Name: chat_channels_event_id_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX chat_channels_event_id_idx ON app.chat_channels USING btree (event_id, kind);

--
-- Name: chat_channels_general_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX chat_channels_general_key ON app.chat_channels USING btree (event_id) WHERE (kind = 'general'::text);

--
-- Name: chat_channels_team_id_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX chat_channels_team_id_idx ON app.chat_channels USING btree (team_id);

--
-- Name: chat_channels_team_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX chat_channels_team_key ON app.chat_channels USING btree (team_id) WHERE (kind = 'team'::text);

--
-- Name: chat_posts_author_rate_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX chat_posts_author_rate_idx ON app.chat_posts USING btree (author_id, created_at DESC);

--
-- Name: chat_posts_hidden_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX chat_posts_hidden_by_idx ON app.chat_posts USING btree (hidden_by) WHERE (hidden_by IS NOT NULL);

--
-- Name: chat_posts_pinned_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX chat_posts_pinned_by_idx ON app.chat_posts USING btree (pinned_by) WHERE (pinned_by IS NOT NULL);

--
-- Name: chat_posts_pinned_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX chat_posts_pinned_idx ON app.chat_posts USING btree (channel_id, pinned_at DESC) WHERE (pinned_at IS NOT NULL);

--
-- Name: chat_posts_roots_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX chat_posts_roots_idx ON app.chat_posts USING btree (channel_id, created_at DESC, id DESC) WHERE (thread_id IS NULL);

--
-- Name: chat_posts_thread_id_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX chat_posts_thread_id_idx ON app.chat_posts USING btree (thread_id, created_at, id) WHERE (thread_id IS NOT NULL);

--
-- Name: chat_reactions_user_id_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX chat_reactions_user_id_idx ON app.chat_reactions USING btree (user_id);

--
-- Name: deck_annotations_author_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX deck_annotations_author_idx ON app.deck_annotations USING btree (author_id);

--
-- Name: deck_annotations_deck_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX deck_annotations_deck_idx ON app.deck_annotations USING btree (deck_id, version, created_at DESC);

--
-- Name: deck_collaborators_email_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX deck_collaborators_email_idx ON app.deck_collaborators USING btree (app_private.normalize_email(email)) WHERE (user_id IS NULL);

--
-- Name: deck_collaborators_email_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX deck_collaborators_email_key ON app.deck_collaborators USING btree (deck_id, app_private.normalize_email(email));

--
-- Name: deck_collaborators_invited_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX deck_collaborators_invited_by_idx ON app.deck_collaborators USING btree (invited_by);

--
-- Name: deck_collaborators_user_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX deck_collaborators_user_idx ON app.deck_collaborators USING btree (user_id);

--
-- Name: deck_files_sha_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX deck_files_sha_idx ON app.deck_files USING btree (sha256);

--
-- Name: deck_versions_created_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX deck_versions_created_by_idx ON app.deck_versions USING btree (created_by);

--
-- Name: deck_views_deck_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX deck_views_deck_idx ON app.deck_views USING btree (deck_id, viewed_at DESC, id DESC);

--
-- Name: deck_views_link_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX deck_views_link_idx ON app.deck_views USING btree (link_id);

--
-- Name: decks_owner_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX decks_owner_idx ON app.decks USING btree (owner_id);

--
-- Name: decks_remixed_from_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX decks_remixed_from_idx ON app.decks USING btree (remixed_from);

--
-- Name: decks_workspace_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX decks_workspace_idx ON app.decks USING btree (workspace_id, created_at DESC, id DESC);

--
-- Name: event_notices_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX event_notices_event_idx ON app.event_notices USING btree (event_id, at DESC);

--
-- Name: event_teams_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX event_teams_event_idx ON app.event_teams USING btree (event_id);

--
-- Name: form_response_revisions_link_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX form_response_revisions_link_idx ON app.form_response_revisions USING btree (link_id);

--
-- Name: form_responses_deck_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX form_responses_deck_idx ON app.form_responses USING btree (deck_id, created_at DESC, id DESC);

--
-- Name: form_responses_link_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX form_responses_link_idx ON app.form_responses USING btree (link_id);

--
-- Name: help_requests_claimed_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX help_requests_claimed_by_idx ON app.help_requests USING btree (claimed_by) WHERE (claimed_by IS NOT NULL);

--
-- Name: help_requests_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX help_requests_event_idx ON app.help_requests USING btree (event_id, created_at DESC, id DESC);

--
-- Name: help_requests_opened_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX help_requests_opened_by_idx ON app.help_requests USING btree (opened_by);

--
-- Name: help_requests_resolved_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX help_requests_resolved_by_idx ON app.help_requests USING btree (resolved_by) WHERE (resolved_by IS NOT NULL);

--
-- Name: help_requests_team_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX help_requests_team_idx ON app.help_requests USING btree (team_id, created_at DESC, id DESC);

--
-- Name: memberships_user_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX memberships_user_idx ON app.memberships USING btree (user_id);

--
-- Name: project_members_team_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX project_members_team_idx ON app.project_members USING btree (team_id);

--
-- Name: project_members_user_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX project_members_user_idx ON app.project_members USING btree (user_id);

--
-- Name: projects_created_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX projects_created_by_idx ON app.projects USING btree (created_by);

--
-- Name: projects_listing_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX projects_listing_idx ON app.projects USING btree (workspace_id, created_at DESC, id DESC);

--
-- Name: projects_name_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX projects_name_key ON app.projects USING btree (workspace_id, lower(name));

--
-- Name: roster_entries_email_identity_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX roster_entries_email_identity_idx ON app.roster_entries USING btree (event_id, app_private.normalize_email(email));

--
-- Name: roster_entries_email_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX roster_entries_email_key ON app.roster_entries USING btree (event_id, app_private.normalize_email(email));

--
-- Name: roster_entries_listing_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX roster_entries_listing_idx ON app.roster_entries USING btree (event_id, created_at DESC, id DESC);

--
-- Name: roster_entries_login_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX roster_entries_login_idx ON app.roster_entries USING btree (event_id, lower(github_login));

--
-- Name: roster_entries_team_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX roster_entries_team_idx ON app.roster_entries USING btree (team_id);

--
-- Name: share_links_created_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX share_links_created_by_idx ON app.share_links USING btree (created_by);

--
-- Name: share_links_deck_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX share_links_deck_idx ON app.share_links USING btree (deck_id, created_at DESC, id DESC);

--
-- Name: submission_exceptions_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX submission_exceptions_event_idx ON app.submission_exceptions USING btree (event_id);

--
-- Name: submission_exceptions_project_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX submission_exceptions_project_idx ON app.submission_exceptions USING btree (project_id, at DESC);

--
-- Name: submission_exceptions_user_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX submission_exceptions_user_idx ON app.submission_exceptions USING btree (by_user_id);

--
-- Name: submission_receipts_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX submission_receipts_event_idx ON app.submission_receipts USING btree (event_id, seq DESC);

--
-- Name: submission_receipts_project_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX submission_receipts_project_idx ON app.submission_receipts USING btree (project_id, seq DESC);

--
-- Name: submission_receipts_push_move_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX submission_receipts_push_move_key ON app.submission_receipts USING btree (event_id, project_id, ref, before_sha, sha) WHERE ((verdict = 'accepted'::text) AND (kind = 'push'::text));

--
-- Name: submissions_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX submissions_event_idx ON app.submissions USING btree (event_id);

--
-- Name: submissions_receipt_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX submissions_receipt_idx ON app.submissions USING btree (receipt_seq);

--
-- Name: team_members_user_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX team_members_user_idx ON app.team_members USING btree (user_id);

--
-- Name: team_repositories_name_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX team_repositories_name_key ON app.team_repositories USING btree (event_id, lower(full_name));

--
-- Name: teams_listing_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX teams_listing_idx ON app.teams USING btree (workspace_id, created_at DESC, id DESC);

--
-- Name: users_default_workspace_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX users_default_workspace_idx ON app.users USING btree (default_workspace_id);

--
-- Name: users_email_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX users_email_key ON app.users USING btree (lower(email));

--
-- Name: users_email_normalized_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX users_email_normalized_key ON app.users USING btree (app_private.normalize_email(email));

--
-- Name: vote_ballot_reads_eligibility_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_ballot_reads_eligibility_idx ON app.vote_ballot_reads USING btree (eligibility_id);

--
-- Name: vote_ballot_reads_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_ballot_reads_event_idx ON app.vote_ballot_reads USING btree (event_id, at DESC);

--
-- Name: vote_ballot_reads_user_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_ballot_reads_user_idx ON app.vote_ballot_reads USING btree (user_id);

--
-- Name: vote_ballots_eligibility_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_ballots_eligibility_idx ON app.vote_ballots USING btree (eligibility_id, state);

--
-- Name: vote_ballots_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_ballots_event_idx ON app.vote_ballots USING btree (event_id);

--
-- Name: vote_ballots_invalidated_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_ballots_invalidated_by_idx ON app.vote_ballots USING btree (invalidated_by);

--
-- Name: vote_candidates_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_candidates_event_idx ON app.vote_candidates USING btree (event_id);

--
-- Name: vote_candidates_project_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_candidates_project_idx ON app.vote_candidates USING btree (project_id);

--
-- Name: vote_eligibility_current_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX vote_eligibility_current_key ON app.vote_eligibility USING btree (event_id) WHERE (unlocked_at IS NULL);

--
-- Name: vote_eligibility_locked_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_eligibility_locked_by_idx ON app.vote_eligibility USING btree (locked_by);

--
-- Name: vote_results_calculated_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_results_calculated_by_idx ON app.vote_results USING btree (calculated_by);

--
-- Name: vote_results_eligibility_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_results_eligibility_idx ON app.vote_results USING btree (eligibility_id, digest);

--
-- Name: vote_results_released_by_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_results_released_by_idx ON app.vote_results USING btree (released_by);

--
-- Name: vote_voters_email_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX vote_voters_email_key ON app.vote_voters USING btree (eligibility_id, app_private.normalize_email(email));

--
-- Name: vote_voters_event_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_voters_event_idx ON app.vote_voters USING btree (event_id);

--
-- Name: vote_voters_team_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX vote_voters_team_idx ON app.vote_voters USING btree (team_id);

--
-- Name: workspaces_name_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX workspaces_name_key ON app.workspaces USING btree (lower(name));

--
-- Name: workspaces_organization_key; Type: INDEX; Schema: app; Owner: -
--

CREATE UNIQUE INDEX workspaces_organization_key ON app.workspaces USING btree (organization_id) WHERE (organization_id IS NOT NULL);

--
-- Name: access_revocations_event_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX access_revocations_event_idx ON app_private.access_revocations USING btree (event_id, requested_at);

--
-- Name: access_revocations_pending_key; Type: INDEX; Schema: app_private; Owner: -
--

CREATE UNIQUE INDEX access_revocations_pending_key ON app_private.access_revocations USING btree (event_id, lower(full_name), lower(login)) WHERE (done_at IS NULL);

--
-- Name: api_keys_user_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX api_keys_user_idx ON app_private.api_keys USING btree (user_id);

--
-- Name: api_keys_workspace_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX api_keys_workspace_idx ON app_private.api_keys USING btree (workspace_id);

--
-- Name: demo_passes_created_by_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX demo_passes_created_by_idx ON app_private.demo_passes USING btree (created_by);

--
-- Name: demo_passes_listing_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX demo_passes_listing_idx ON app_private.demo_passes USING btree (workspace_id, created_at DESC, id DESC);

--
-- Name: demo_passes_user_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX demo_passes_user_idx ON app_private.demo_passes USING btree (user_id);

--
-- Name: erased_accounts_email_mark_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX erased_accounts_email_mark_idx ON app_private.erased_accounts USING btree (email_mark);

--
-- Name: files_archive_key; Type: INDEX; Schema: app_private; Owner: -
--

CREATE UNIQUE INDEX files_archive_key ON app_private.files USING btree (project_id, sha256) WHERE (kind = 'submission_archive'::text);

--
-- Name: files_deck_file_key; Type: INDEX; Schema: app_private; Owner: -
--

CREATE UNIQUE INDEX files_deck_file_key ON app_private.files USING btree (deck_id, version, path) WHERE (kind = 'deck_file'::text);

--
-- Name: files_deck_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX files_deck_idx ON app_private.files USING btree (deck_id);

--
-- Name: files_project_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX files_project_idx ON app_private.files USING btree (project_id);

--
-- Name: files_workspace_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX files_workspace_idx ON app_private.files USING btree (workspace_id);

--
-- Name: generated_deck_targets_deck_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX generated_deck_targets_deck_id_idx ON app_private.generated_deck_targets USING btree (deck_id);

--
-- Name: generated_decks_event_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX generated_decks_event_id_idx ON app_private.generated_decks USING btree (event_id);

--
-- Name: generated_decks_link_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX generated_decks_link_id_idx ON app_private.generated_decks USING btree (link_id);

--
-- Name: generated_decks_one_released; Type: INDEX; Schema: app_private; Owner: -
--

CREATE UNIQUE INDEX generated_decks_one_released ON app_private.generated_decks USING btree (project_id, kind) WHERE (release = 'released'::text);

--
-- Name: generated_decks_project_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX generated_decks_project_idx ON app_private.generated_decks USING btree (project_id, kind, created_at DESC);

--
-- Name: generated_decks_reviewed_by_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX generated_decks_reviewed_by_idx ON app_private.generated_decks USING btree (reviewed_by);

--
-- Name: generation_jobs_event_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX generation_jobs_event_id_idx ON app_private.generation_jobs USING btree (event_id, status);

--
-- Name: generation_jobs_project_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX generation_jobs_project_id_idx ON app_private.generation_jobs USING btree (project_id, kind, created_at DESC);

--
-- Name: generation_runs_created_by_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX generation_runs_created_by_idx ON app_private.generation_runs USING btree (created_by);

--
-- Name: generation_runs_event_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX generation_runs_event_id_idx ON app_private.generation_runs USING btree (event_id, created_at DESC);

--
-- Name: github_installations_event_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX github_installations_event_idx ON app_private.github_installations USING btree (event_id);

--
-- Name: github_installations_login_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX github_installations_login_idx ON app_private.github_installations USING btree (lower(login));

--
-- Name: idempotency_keys_created_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX idempotency_keys_created_idx ON app_private.idempotency_keys USING btree (created_at);

--
-- Name: invitations_accepted_by_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX invitations_accepted_by_idx ON app_private.invitations USING btree (accepted_by);

--
-- Name: invitations_collaborator_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX invitations_collaborator_idx ON app_private.invitations USING btree (collaborator_id);

--
-- Name: invitations_invited_by_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX invitations_invited_by_idx ON app_private.invitations USING btree (invited_by);

--
-- Name: invitations_listing_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX invitations_listing_idx ON app_private.invitations USING btree (workspace_id, created_at DESC, id DESC);

--
-- Name: invitations_pending_collaborator; Type: INDEX; Schema: app_private; Owner: -
--

CREATE UNIQUE INDEX invitations_pending_collaborator ON app_private.invitations USING btree (collaborator_id) WHERE ((kind = 'collaborator'::text) AND (accepted_at IS NULL) AND (revoked_at IS NULL));

--
-- Name: invitations_pending_workspace; Type: INDEX; Schema: app_private; Owner: -
--

CREATE UNIQUE INDEX invitations_pending_workspace ON app_private.invitations USING btree (workspace_id, app_private.normalize_email(email)) WHERE ((kind = 'workspace'::text) AND (accepted_at IS NULL) AND (revoked_at IS NULL));

--
-- Name: live_deferred_xid_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX live_deferred_xid_idx ON app_private.live_deferred USING btree (xid, n);

--
-- Name: live_events_event_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX live_events_event_id_idx ON app_private.live_events USING btree (event_id, id);

--
-- Name: live_events_team_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX live_events_team_id_idx ON app_private.live_events USING btree (team_id) WHERE (team_id IS NOT NULL);

--
-- Name: live_events_workspace_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX live_events_workspace_id_idx ON app_private.live_events USING btree (workspace_id);

--
-- Name: local_organizations_event_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX local_organizations_event_idx ON app_private.local_organizations USING btree (event_id);

--
-- Name: local_repositories_event_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX local_repositories_event_idx ON app_private.local_repositories USING btree (event_id);

--
-- Name: local_repository_access_key; Type: INDEX; Schema: app_private; Owner: -
--

CREATE UNIQUE INDEX local_repository_access_key ON app_private.local_repository_access USING btree (lower(full_name), user_id);

--
-- Name: local_repository_access_user_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX local_repository_access_user_idx ON app_private.local_repository_access USING btree (user_id);

--
-- Name: mail_outbox_created_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX mail_outbox_created_idx ON app_private.mail_outbox USING btree (created_at DESC, id DESC);

--
-- Name: mail_reads_read_at_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX mail_reads_read_at_idx ON app_private.mail_reads USING btree (read_at DESC, id DESC);

--
-- Name: mail_reads_reader_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX mail_reads_reader_idx ON app_private.mail_reads USING btree (reader_user_id);

--
-- Name: provision_runs_sample_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX provision_runs_sample_idx ON app_private.provision_runs USING btree (sample_project_id);

--
-- Name: reaction_changes_user_at_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX reaction_changes_user_at_idx ON app_private.reaction_changes USING btree (user_id, at);

--
-- Name: response_respondents_response_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX response_respondents_response_idx ON app_private.response_respondents USING btree (response_id);

--
-- Name: sessions_demo_pass_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX sessions_demo_pass_idx ON app_private.sessions USING btree (demo_pass_id) WHERE (demo_pass_id IS NOT NULL);

--
-- Name: sessions_user_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX sessions_user_idx ON app_private.sessions USING btree (user_id);

--
-- Name: upload_intents_workspace_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX upload_intents_workspace_idx ON app_private.upload_intents USING btree (workspace_id);

--
-- Name: workspace_blobs_sha_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX workspace_blobs_sha_idx ON app_private.workspace_blobs USING btree (sha256);

--
-- Name: accounts_default_organization_idx; Type: INDEX; Schema: hub; Owner: -
--

CREATE INDEX accounts_default_organization_idx ON hub.accounts USING btree (default_organization_id);

--
-- Name: accounts_email_key; Type: INDEX; Schema: hub; Owner: -
--

CREATE UNIQUE INDEX accounts_email_key ON hub.accounts USING btree (app_private.normalize_email(email));

--
-- Name: memberships_account_idx; Type: INDEX; Schema: hub; Owner: -
--

CREATE INDEX memberships_account_idx ON hub.memberships USING btree (account_id);

--
-- Name: organizations_instance_idx; Type: INDEX; Schema: hub; Owner: -
--

CREATE INDEX organizations_instance_idx ON hub.organizations USING btree (instance_id);

--
-- Name: organizations_name_key; Type: INDEX; Schema: hub; Owner: -
--

CREATE UNIQUE INDEX organizations_name_key ON hub.organizations USING btree (instance_id, lower(name));

--
-- Name: team_members_account_idx; Type: INDEX; Schema: hub; Owner: -
--

CREATE INDEX team_members_account_idx ON hub.team_members USING btree (account_id);

--
-- Name: grants_account_idx; Type: INDEX; Schema: hub_private; Owner: -
--

CREATE INDEX grants_account_idx ON hub_private.grants USING btree (account_id);

--
-- Name: grants_instance_idx; Type: INDEX; Schema: hub_private; Owner: -
--

CREATE INDEX grants_instance_idx ON hub_private.grants USING btree (instance_id);

--
-- Name: grants_login_idx; Type: INDEX; Schema: hub_private; Owner: -
--

CREATE INDEX grants_login_idx ON hub_private.grants USING btree (login_id);

--
-- Name: logins_account_idx; Type: INDEX; Schema: hub_private; Owner: -
--

CREATE INDEX logins_account_idx ON hub_private.logins USING btree (account_id);

--
-- Name: users claim_collaborations_on_sign_up; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER claim_collaborations_on_sign_up AFTER INSERT ON app.users FOR EACH ROW EXECUTE FUNCTION app_private.claim_on_sign_in();

--
-- Name: deck_versions deck_versions_thumbnail; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER deck_versions_thumbnail AFTER INSERT ON app.deck_versions FOR EACH ROW EXECUTE FUNCTION app_private.enqueue_thumbnail();

--
-- Name: event_teams event_teams_team_channel; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER event_teams_team_channel AFTER INSERT OR UPDATE OF event_id, left_at ON app.event_teams FOR EACH ROW EXECUTE FUNCTION app_private.make_team_channel();

--
-- Name: events events_general_channel; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER events_general_channel AFTER INSERT ON app.events FOR EACH ROW EXECUTE FUNCTION app_private.make_general_channel();

--
-- Name: submissions files_of_submission; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER files_of_submission AFTER INSERT OR UPDATE OF archive_sha256 ON app.submissions FOR EACH ROW EXECUTE FUNCTION app_private.file_of_submission();

--
-- Name: deck_files files_of_version; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER files_of_version AFTER INSERT ON app.deck_files REFERENCING NEW TABLE AS new_files FOR EACH STATEMENT EXECUTE FUNCTION app_private.files_of_version();

--
-- Name: roster_entries roster_entry_access_changed; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER roster_entry_access_changed AFTER DELETE OR UPDATE ON app.roster_entries FOR EACH ROW EXECUTE FUNCTION app_private.roster_entry_access_changed();

--
-- Name: submission_exceptions submission_exceptions_invalidate_decks; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER submission_exceptions_invalidate_decks AFTER INSERT ON app.submission_exceptions FOR EACH ROW WHEN (new.invalidate_decks) EXECUTE FUNCTION app_private.invalidate_generated_decks();

--
-- Name: submission_receipts submission_receipts_activity; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER submission_receipts_activity AFTER INSERT ON app.submission_receipts FOR EACH ROW WHEN (((new.verdict = 'accepted'::text) AND (new.project_id IS NOT NULL) AND (new.kind = ANY (ARRAY['push'::text, 'pull_request'::text])))) EXECUTE FUNCTION app_private.receipt_activity();

--
-- Name: submission_receipts submission_receipts_live; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER submission_receipts_live AFTER INSERT ON app.submission_receipts FOR EACH ROW WHEN ((NOT ((new.verdict = 'accepted'::text) AND (new.project_id IS NOT NULL) AND (new.kind = ANY (ARRAY['push'::text, 'pull_request'::text]))))) EXECUTE FUNCTION app_private.receipt_live();

--
-- Name: vote_ballots vote_ballots_coverage_live; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER vote_ballots_coverage_live AFTER INSERT OR UPDATE OF state, revision ON app.vote_ballots FOR EACH ROW WHEN ((new.state = ANY (ARRAY['submitted'::text, 'invalidated'::text]))) EXECUTE FUNCTION app_private.ballot_coverage_live();

--
-- Name: vote_ballots vote_ballots_ranking_line; Type: TRIGGER; Schema: app; Owner: -
--

CREATE TRIGGER vote_ballots_ranking_line BEFORE INSERT OR UPDATE OF ranking ON app.vote_ballots FOR EACH ROW EXECUTE FUNCTION app_private.vote_ballot_ranking_line();

--
-- Name: api_keys api_keys_record_sign_in; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER api_keys_record_sign_in AFTER INSERT ON app_private.api_keys FOR EACH ROW WHEN ((new.created_via <> 'operator'::text)) EXECUTE FUNCTION app_private.record_sign_in();

--
-- Name: api_keys claim_collaborations_on_key; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER claim_collaborations_on_key AFTER INSERT ON app_private.api_keys FOR EACH ROW EXECUTE FUNCTION app_private.claim_on_sign_in();

--
-- Name: sessions claim_collaborations_on_session; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER claim_collaborations_on_session AFTER INSERT ON app_private.sessions FOR EACH ROW EXECUTE FUNCTION app_private.claim_on_sign_in();

--
-- Name: api_keys refuse_erased; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER refuse_erased BEFORE INSERT ON app_private.api_keys FOR EACH ROW EXECUTE FUNCTION app_private.refuse_erased_credential();

--
-- Name: demo_passes refuse_erased; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER refuse_erased BEFORE INSERT ON app_private.demo_passes FOR EACH ROW EXECUTE FUNCTION app_private.refuse_erased_credential();

--
-- Name: login_codes refuse_erased; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER refuse_erased BEFORE INSERT ON app_private.login_codes FOR EACH ROW EXECUTE FUNCTION app_private.refuse_erased_credential();

--
-- Name: sessions refuse_erased; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER refuse_erased BEFORE INSERT ON app_private.sessions FOR EACH ROW EXECUTE FUNCTION app_private.refuse_erased_credential();

--
-- Name: user_secrets refuse_erased; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER refuse_erased BEFORE INSERT ON app_private.user_secrets FOR EACH ROW EXECUTE FUNCTION app_private.refuse_erased_credential();

--
-- Name: sessions sessions_record_sign_in; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER sessions_record_sign_in AFTER INSERT ON app_private.sessions FOR EACH ROW EXECUTE FUNCTION app_private.record_sign_in();

--
-- Name: agenda_items agenda_items_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.agenda_items
    ADD CONSTRAINT agenda_items_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: chat_channels chat_channels_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_channels
    ADD CONSTRAINT chat_channels_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: chat_channels chat_channels_team_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_channels
    ADD CONSTRAINT chat_channels_team_id_fkey FOREIGN KEY (team_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: chat_posts chat_posts_author_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_posts
    ADD CONSTRAINT chat_posts_author_id_fkey FOREIGN KEY (author_id) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: chat_posts chat_posts_channel_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_posts
    ADD CONSTRAINT chat_posts_channel_id_fkey FOREIGN KEY (channel_id) REFERENCES app.chat_channels(id) ON DELETE CASCADE;

--
-- Name: chat_posts chat_posts_hidden_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_posts
    ADD CONSTRAINT chat_posts_hidden_by_fkey FOREIGN KEY (hidden_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: chat_posts chat_posts_pinned_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_posts
    ADD CONSTRAINT chat_posts_pinned_by_fkey FOREIGN KEY (pinned_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: chat_posts chat_posts_thread_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_posts
    ADD CONSTRAINT chat_posts_thread_id_fkey FOREIGN KEY (thread_id) REFERENCES app.chat_posts(id) ON DELETE CASCADE;

--
-- Name: chat_reactions chat_reactions_post_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_reactions
    ADD CONSTRAINT chat_reactions_post_id_fkey FOREIGN KEY (post_id) REFERENCES app.chat_posts(id) ON DELETE CASCADE;

--
-- Name: chat_reactions chat_reactions_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.chat_reactions
    ADD CONSTRAINT chat_reactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: deck_annotations deck_annotations_author_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_annotations
    ADD CONSTRAINT deck_annotations_author_id_fkey FOREIGN KEY (author_id) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: deck_annotations deck_annotations_deck_id_version_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_annotations
    ADD CONSTRAINT deck_annotations_deck_id_version_fkey FOREIGN KEY (deck_id, version) REFERENCES app.deck_versions(deck_id, number) ON DELETE CASCADE;

--
-- Name: deck_collaborators deck_collaborators_deck_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_collaborators
    ADD CONSTRAINT deck_collaborators_deck_id_fkey FOREIGN KEY (deck_id) REFERENCES app.decks(id) ON DELETE CASCADE;

--
-- Name: deck_collaborators deck_collaborators_invited_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_collaborators
    ADD CONSTRAINT deck_collaborators_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: deck_collaborators deck_collaborators_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_collaborators
    ADD CONSTRAINT deck_collaborators_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: deck_files deck_files_deck_id_version_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_files
    ADD CONSTRAINT deck_files_deck_id_version_fkey FOREIGN KEY (deck_id, version) REFERENCES app.deck_versions(deck_id, number) ON DELETE CASCADE;

--
-- Name: deck_files deck_files_sha256_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_files
    ADD CONSTRAINT deck_files_sha256_fkey FOREIGN KEY (sha256) REFERENCES app_private.blobs(sha256) ON DELETE RESTRICT;

--
-- Name: deck_thumbnails deck_thumbnails_deck_id_version_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_thumbnails
    ADD CONSTRAINT deck_thumbnails_deck_id_version_fkey FOREIGN KEY (deck_id, version) REFERENCES app.deck_versions(deck_id, number) ON DELETE CASCADE;

--
-- Name: deck_versions deck_versions_created_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_versions
    ADD CONSTRAINT deck_versions_created_by_fkey FOREIGN KEY (created_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: deck_versions deck_versions_deck_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_versions
    ADD CONSTRAINT deck_versions_deck_id_fkey FOREIGN KEY (deck_id) REFERENCES app.decks(id) ON DELETE CASCADE;

--
-- Name: deck_views deck_views_deck_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_views
    ADD CONSTRAINT deck_views_deck_id_fkey FOREIGN KEY (deck_id) REFERENCES app.decks(id) ON DELETE CASCADE;

--
-- Name: deck_views deck_views_link_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.deck_views
    ADD CONSTRAINT deck_views_link_id_fkey FOREIGN KEY (link_id) REFERENCES app.share_links(id) ON DELETE CASCADE;

--
-- Name: decks decks_owner_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.decks
    ADD CONSTRAINT decks_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: decks decks_remixed_from_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.decks
    ADD CONSTRAINT decks_remixed_from_fkey FOREIGN KEY (remixed_from) REFERENCES app.decks(id) ON DELETE SET NULL;

--
-- Name: decks decks_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.decks
    ADD CONSTRAINT decks_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: event_notices event_notices_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.event_notices
    ADD CONSTRAINT event_notices_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: event_teams event_teams_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.event_teams
    ADD CONSTRAINT event_teams_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: event_teams event_teams_project_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.event_teams
    ADD CONSTRAINT event_teams_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: events events_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.events
    ADD CONSTRAINT events_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: form_response_revisions form_response_revisions_link_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.form_response_revisions
    ADD CONSTRAINT form_response_revisions_link_id_fkey FOREIGN KEY (link_id) REFERENCES app.share_links(id) ON DELETE SET NULL;

--
-- Name: form_response_revisions form_response_revisions_response_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.form_response_revisions
    ADD CONSTRAINT form_response_revisions_response_id_fkey FOREIGN KEY (response_id) REFERENCES app.form_responses(id) ON DELETE CASCADE;

--
-- Name: form_responses form_responses_deck_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.form_responses
    ADD CONSTRAINT form_responses_deck_id_fkey FOREIGN KEY (deck_id) REFERENCES app.decks(id) ON DELETE CASCADE;

--
-- Name: form_responses form_responses_link_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.form_responses
    ADD CONSTRAINT form_responses_link_id_fkey FOREIGN KEY (link_id) REFERENCES app.share_links(id) ON DELETE SET NULL;

--
-- Name: help_requests help_requests_channel_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.help_requests
    ADD CONSTRAINT help_requests_channel_id_fkey FOREIGN KEY (channel_id) REFERENCES app.chat_channels(id) ON DELETE CASCADE;

--
-- Name: help_requests help_requests_claimed_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.help_requests
    ADD CONSTRAINT help_requests_claimed_by_fkey FOREIGN KEY (claimed_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: help_requests help_requests_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.help_requests
    ADD CONSTRAINT help_requests_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: help_requests help_requests_opened_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.help_requests
    ADD CONSTRAINT help_requests_opened_by_fkey FOREIGN KEY (opened_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: help_requests help_requests_resolved_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.help_requests
    ADD CONSTRAINT help_requests_resolved_by_fkey FOREIGN KEY (resolved_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: help_requests help_requests_team_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.help_requests
    ADD CONSTRAINT help_requests_team_id_fkey FOREIGN KEY (team_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: memberships memberships_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.memberships
    ADD CONSTRAINT memberships_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: memberships memberships_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.memberships
    ADD CONSTRAINT memberships_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: project_members project_members_project_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.project_members
    ADD CONSTRAINT project_members_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: project_members project_members_team_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.project_members
    ADD CONSTRAINT project_members_team_id_fkey FOREIGN KEY (team_id) REFERENCES app.teams(id) ON DELETE CASCADE;

--
-- Name: project_members project_members_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.project_members
    ADD CONSTRAINT project_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: projects projects_created_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.projects
    ADD CONSTRAINT projects_created_by_fkey FOREIGN KEY (created_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: projects projects_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.projects
    ADD CONSTRAINT projects_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: roster_entries roster_entries_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.roster_entries
    ADD CONSTRAINT roster_entries_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: roster_entries roster_entries_team_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.roster_entries
    ADD CONSTRAINT roster_entries_team_id_fkey FOREIGN KEY (team_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: share_links share_links_created_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.share_links
    ADD CONSTRAINT share_links_created_by_fkey FOREIGN KEY (created_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: share_links share_links_deck_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.share_links
    ADD CONSTRAINT share_links_deck_id_fkey FOREIGN KEY (deck_id) REFERENCES app.decks(id) ON DELETE CASCADE;

--
-- Name: share_links share_links_deck_id_pinned_version_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.share_links
    ADD CONSTRAINT share_links_deck_id_pinned_version_fkey FOREIGN KEY (deck_id, pinned_version) REFERENCES app.deck_versions(deck_id, number) ON DELETE CASCADE;

--
-- Name: submission_exceptions submission_exceptions_by_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submission_exceptions
    ADD CONSTRAINT submission_exceptions_by_user_id_fkey FOREIGN KEY (by_user_id) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: submission_exceptions submission_exceptions_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submission_exceptions
    ADD CONSTRAINT submission_exceptions_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: submission_exceptions submission_exceptions_project_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submission_exceptions
    ADD CONSTRAINT submission_exceptions_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: submission_receipts submission_receipts_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submission_receipts
    ADD CONSTRAINT submission_receipts_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: submission_receipts submission_receipts_project_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submission_receipts
    ADD CONSTRAINT submission_receipts_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: submissions submissions_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submissions
    ADD CONSTRAINT submissions_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: submissions submissions_project_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submissions
    ADD CONSTRAINT submissions_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: submissions submissions_receipt_seq_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.submissions
    ADD CONSTRAINT submissions_receipt_seq_fkey FOREIGN KEY (receipt_seq) REFERENCES app.submission_receipts(seq) ON DELETE SET NULL;

--
-- Name: team_members team_members_team_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.team_members
    ADD CONSTRAINT team_members_team_id_fkey FOREIGN KEY (team_id) REFERENCES app.teams(id) ON DELETE CASCADE;

--
-- Name: team_members team_members_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.team_members
    ADD CONSTRAINT team_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: team_repositories team_repositories_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.team_repositories
    ADD CONSTRAINT team_repositories_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: team_repositories team_repositories_project_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.team_repositories
    ADD CONSTRAINT team_repositories_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: teams teams_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.teams
    ADD CONSTRAINT teams_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: users users_default_workspace_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.users
    ADD CONSTRAINT users_default_workspace_fkey FOREIGN KEY (default_workspace_id) REFERENCES app.workspaces(id) ON DELETE SET NULL;

--
-- Name: vote_ballot_reads vote_ballot_reads_eligibility_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_ballot_reads
    ADD CONSTRAINT vote_ballot_reads_eligibility_id_fkey FOREIGN KEY (eligibility_id) REFERENCES app.vote_eligibility(id) ON DELETE CASCADE;

--
-- Name: vote_ballot_reads vote_ballot_reads_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_ballot_reads
    ADD CONSTRAINT vote_ballot_reads_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: vote_ballot_reads vote_ballot_reads_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_ballot_reads
    ADD CONSTRAINT vote_ballot_reads_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: vote_ballots vote_ballots_eligibility_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_ballots
    ADD CONSTRAINT vote_ballots_eligibility_id_fkey FOREIGN KEY (eligibility_id) REFERENCES app.vote_eligibility(id) ON DELETE CASCADE;

--
-- Name: vote_ballots vote_ballots_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_ballots
    ADD CONSTRAINT vote_ballots_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: vote_ballots vote_ballots_invalidated_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_ballots
    ADD CONSTRAINT vote_ballots_invalidated_by_fkey FOREIGN KEY (invalidated_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: vote_ballots vote_ballots_voter_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_ballots
    ADD CONSTRAINT vote_ballots_voter_id_fkey FOREIGN KEY (voter_id) REFERENCES app.vote_voters(id) ON DELETE CASCADE;

--
-- Name: vote_candidates vote_candidates_eligibility_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_candidates
    ADD CONSTRAINT vote_candidates_eligibility_id_fkey FOREIGN KEY (eligibility_id) REFERENCES app.vote_eligibility(id) ON DELETE CASCADE;

--
-- Name: vote_candidates vote_candidates_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_candidates
    ADD CONSTRAINT vote_candidates_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: vote_candidates vote_candidates_project_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_candidates
    ADD CONSTRAINT vote_candidates_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: vote_eligibility vote_eligibility_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_eligibility
    ADD CONSTRAINT vote_eligibility_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: vote_eligibility vote_eligibility_locked_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_eligibility
    ADD CONSTRAINT vote_eligibility_locked_by_fkey FOREIGN KEY (locked_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: vote_results vote_results_calculated_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_results
    ADD CONSTRAINT vote_results_calculated_by_fkey FOREIGN KEY (calculated_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: vote_results vote_results_eligibility_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_results
    ADD CONSTRAINT vote_results_eligibility_id_fkey FOREIGN KEY (eligibility_id) REFERENCES app.vote_eligibility(id) ON DELETE CASCADE;

--
-- Name: vote_results vote_results_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_results
    ADD CONSTRAINT vote_results_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: vote_results vote_results_released_by_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_results
    ADD CONSTRAINT vote_results_released_by_fkey FOREIGN KEY (released_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: vote_voters vote_voters_eligibility_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_voters
    ADD CONSTRAINT vote_voters_eligibility_id_fkey FOREIGN KEY (eligibility_id) REFERENCES app.vote_eligibility(id) ON DELETE CASCADE;

--
-- Name: vote_voters vote_voters_event_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_voters
    ADD CONSTRAINT vote_voters_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: vote_voters vote_voters_team_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.vote_voters
    ADD CONSTRAINT vote_voters_team_id_fkey FOREIGN KEY (team_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: access_revocations access_revocations_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.access_revocations
    ADD CONSTRAINT access_revocations_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: api_keys api_keys_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.api_keys
    ADD CONSTRAINT api_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: api_keys api_keys_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.api_keys
    ADD CONSTRAINT api_keys_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: deck_mail_throttle deck_mail_throttle_deck_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.deck_mail_throttle
    ADD CONSTRAINT deck_mail_throttle_deck_id_fkey FOREIGN KEY (deck_id) REFERENCES app.decks(id) ON DELETE CASCADE;

--
-- Name: demo_passes demo_passes_created_by_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.demo_passes
    ADD CONSTRAINT demo_passes_created_by_fkey FOREIGN KEY (created_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: demo_passes demo_passes_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.demo_passes
    ADD CONSTRAINT demo_passes_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: demo_passes demo_passes_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.demo_passes
    ADD CONSTRAINT demo_passes_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: erased_accounts erased_accounts_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.erased_accounts
    ADD CONSTRAINT erased_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: files files_deck_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.files
    ADD CONSTRAINT files_deck_id_fkey FOREIGN KEY (deck_id) REFERENCES app.decks(id) ON DELETE CASCADE;

--
-- Name: files files_project_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.files
    ADD CONSTRAINT files_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: files files_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.files
    ADD CONSTRAINT files_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: generated_deck_targets generated_deck_targets_deck_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_deck_targets
    ADD CONSTRAINT generated_deck_targets_deck_id_fkey FOREIGN KEY (deck_id) REFERENCES app.decks(id) ON DELETE CASCADE;

--
-- Name: generated_deck_targets generated_deck_targets_project_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_deck_targets
    ADD CONSTRAINT generated_deck_targets_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: generated_decks generated_decks_deck_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_decks
    ADD CONSTRAINT generated_decks_deck_id_fkey FOREIGN KEY (deck_id) REFERENCES app.decks(id) ON DELETE CASCADE;

--
-- Name: generated_decks generated_decks_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_decks
    ADD CONSTRAINT generated_decks_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: generated_decks generated_decks_job_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_decks
    ADD CONSTRAINT generated_decks_job_id_fkey FOREIGN KEY (job_id) REFERENCES app_private.generation_jobs(id) ON DELETE CASCADE;

--
-- Name: generated_decks generated_decks_link_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_decks
    ADD CONSTRAINT generated_decks_link_id_fkey FOREIGN KEY (link_id) REFERENCES app.share_links(id) ON DELETE SET NULL;

--
-- Name: generated_decks generated_decks_project_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_decks
    ADD CONSTRAINT generated_decks_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: generated_decks generated_decks_reviewed_by_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generated_decks
    ADD CONSTRAINT generated_decks_reviewed_by_fkey FOREIGN KEY (reviewed_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: generation_jobs generation_jobs_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generation_jobs
    ADD CONSTRAINT generation_jobs_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: generation_jobs generation_jobs_project_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generation_jobs
    ADD CONSTRAINT generation_jobs_project_id_fkey FOREIGN KEY (project_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: generation_jobs generation_jobs_run_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generation_jobs
    ADD CONSTRAINT generation_jobs_run_id_fkey FOREIGN KEY (run_id) REFERENCES app_private.generation_runs(id) ON DELETE CASCADE;

--
-- Name: generation_runs generation_runs_created_by_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generation_runs
    ADD CONSTRAINT generation_runs_created_by_fkey FOREIGN KEY (created_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: generation_runs generation_runs_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.generation_runs
    ADD CONSTRAINT generation_runs_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: github_installations github_installations_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.github_installations
    ADD CONSTRAINT github_installations_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: hub_accounts hub_accounts_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.hub_accounts
    ADD CONSTRAINT hub_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: idempotency_keys idempotency_keys_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: instance_operators instance_operators_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.instance_operators
    ADD CONSTRAINT instance_operators_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: invitations invitations_accepted_by_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.invitations
    ADD CONSTRAINT invitations_accepted_by_fkey FOREIGN KEY (accepted_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: invitations invitations_collaborator_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.invitations
    ADD CONSTRAINT invitations_collaborator_id_fkey FOREIGN KEY (collaborator_id) REFERENCES app.deck_collaborators(id) ON DELETE CASCADE;

--
-- Name: invitations invitations_invited_by_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.invitations
    ADD CONSTRAINT invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: invitations invitations_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.invitations
    ADD CONSTRAINT invitations_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: key_usage key_usage_key_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.key_usage
    ADD CONSTRAINT key_usage_key_id_fkey FOREIGN KEY (key_id) REFERENCES app_private.api_keys(id) ON DELETE CASCADE;

--
-- Name: live_events live_events_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.live_events
    ADD CONSTRAINT live_events_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: live_events live_events_team_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.live_events
    ADD CONSTRAINT live_events_team_id_fkey FOREIGN KEY (team_id) REFERENCES app.projects(id) ON DELETE CASCADE;

--
-- Name: live_events live_events_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.live_events
    ADD CONSTRAINT live_events_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: local_organizations local_organizations_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.local_organizations
    ADD CONSTRAINT local_organizations_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE SET NULL;

--
-- Name: local_repositories local_repositories_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.local_repositories
    ADD CONSTRAINT local_repositories_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE SET NULL;

--
-- Name: local_repository_access local_repository_access_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.local_repository_access
    ADD CONSTRAINT local_repository_access_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: login_codes login_codes_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.login_codes
    ADD CONSTRAINT login_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: mail_reads mail_reads_reader_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.mail_reads
    ADD CONSTRAINT mail_reads_reader_user_id_fkey FOREIGN KEY (reader_user_id) REFERENCES app.users(id) ON DELETE SET NULL;

--
-- Name: provision_runs provision_runs_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.provision_runs
    ADD CONSTRAINT provision_runs_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: provision_runs provision_runs_sample_project_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.provision_runs
    ADD CONSTRAINT provision_runs_sample_project_id_fkey FOREIGN KEY (sample_project_id) REFERENCES app.projects(id) ON DELETE SET NULL;

--
-- Name: reaction_changes reaction_changes_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.reaction_changes
    ADD CONSTRAINT reaction_changes_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: response_respondents response_respondents_deck_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.response_respondents
    ADD CONSTRAINT response_respondents_deck_id_fkey FOREIGN KEY (deck_id) REFERENCES app.decks(id) ON DELETE CASCADE;

--
-- Name: response_respondents response_respondents_response_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.response_respondents
    ADD CONSTRAINT response_respondents_response_id_fkey FOREIGN KEY (response_id) REFERENCES app.form_responses(id) ON DELETE CASCADE;

--
-- Name: sessions sessions_demo_pass_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sessions
    ADD CONSTRAINT sessions_demo_pass_id_fkey FOREIGN KEY (demo_pass_id) REFERENCES app_private.demo_passes(id) ON DELETE CASCADE;

--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: share_link_secrets share_link_secrets_link_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.share_link_secrets
    ADD CONSTRAINT share_link_secrets_link_id_fkey FOREIGN KEY (link_id) REFERENCES app.share_links(id) ON DELETE CASCADE;

--
-- Name: sign_ins sign_ins_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sign_ins
    ADD CONSTRAINT sign_ins_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: template_revisions template_revisions_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.template_revisions
    ADD CONSTRAINT template_revisions_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: upload_intents upload_intents_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.upload_intents
    ADD CONSTRAINT upload_intents_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: upload_intents upload_intents_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.upload_intents
    ADD CONSTRAINT upload_intents_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: user_secrets user_secrets_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.user_secrets
    ADD CONSTRAINT user_secrets_user_id_fkey FOREIGN KEY (user_id) REFERENCES app.users(id) ON DELETE CASCADE;

--
-- Name: view_dedupe view_dedupe_link_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.view_dedupe
    ADD CONSTRAINT view_dedupe_link_id_fkey FOREIGN KEY (link_id) REFERENCES app.share_links(id) ON DELETE CASCADE;

--
-- Name: vote_result_ballots vote_result_ballots_result_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.vote_result_ballots
    ADD CONSTRAINT vote_result_ballots_result_id_fkey FOREIGN KEY (result_id) REFERENCES app.vote_results(id) ON DELETE CASCADE;

--
-- Name: webhook_failures webhook_failures_event_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.webhook_failures
    ADD CONSTRAINT webhook_failures_event_id_fkey FOREIGN KEY (event_id) REFERENCES app.events(id) ON DELETE CASCADE;

--
-- Name: workspace_blobs workspace_blobs_sha256_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.workspace_blobs
    ADD CONSTRAINT workspace_blobs_sha256_fkey FOREIGN KEY (sha256) REFERENCES app_private.blobs(sha256) ON DELETE CASCADE;

--
-- Name: workspace_blobs workspace_blobs_workspace_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.workspace_blobs
    ADD CONSTRAINT workspace_blobs_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES app.workspaces(id) ON DELETE CASCADE;

--
-- Name: accounts accounts_default_organization_id_fkey; Type: FK CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.accounts
    ADD CONSTRAINT accounts_default_organization_id_fkey FOREIGN KEY (default_organization_id) REFERENCES hub.organizations(id) ON DELETE SET NULL;

--
-- Name: memberships memberships_account_id_fkey; Type: FK CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.memberships
    ADD CONSTRAINT memberships_account_id_fkey FOREIGN KEY (account_id) REFERENCES hub.accounts(id) ON DELETE CASCADE;

--
-- Name: memberships memberships_organization_id_fkey; Type: FK CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.memberships
    ADD CONSTRAINT memberships_organization_id_fkey FOREIGN KEY (organization_id) REFERENCES hub.organizations(id) ON DELETE CASCADE;

--
-- Name: organizations organizations_instance_id_fkey; Type: FK CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.organizations
    ADD CONSTRAINT organizations_instance_id_fkey FOREIGN KEY (instance_id) REFERENCES hub.instances(id) ON DELETE CASCADE;

--
-- Name: team_members team_members_account_id_fkey; Type: FK CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.team_members
    ADD CONSTRAINT team_members_account_id_fkey FOREIGN KEY (account_id) REFERENCES hub.accounts(id) ON DELETE CASCADE;

--
-- Name: team_members team_members_team_id_fkey; Type: FK CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.team_members
    ADD CONSTRAINT team_members_team_id_fkey FOREIGN KEY (team_id) REFERENCES hub.teams(id) ON DELETE CASCADE;

--
-- Name: teams teams_organization_id_fkey; Type: FK CONSTRAINT; Schema: hub; Owner: -
--

ALTER TABLE ONLY hub.teams
    ADD CONSTRAINT teams_organization_id_fkey FOREIGN KEY (organization_id) REFERENCES hub.organizations(id) ON DELETE CASCADE;

--
-- Name: account_secrets account_secrets_account_id_fkey; Type: FK CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.account_secrets
    ADD CONSTRAINT account_secrets_account_id_fkey FOREIGN KEY (account_id) REFERENCES hub.accounts(id) ON DELETE CASCADE;

--
-- Name: grants grants_account_id_fkey; Type: FK CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.grants
    ADD CONSTRAINT grants_account_id_fkey FOREIGN KEY (account_id) REFERENCES hub.accounts(id) ON DELETE CASCADE;

--
-- Name: grants grants_instance_id_fkey; Type: FK CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.grants
    ADD CONSTRAINT grants_instance_id_fkey FOREIGN KEY (instance_id) REFERENCES hub.instances(id) ON DELETE CASCADE;

--
-- Name: grants grants_login_id_fkey; Type: FK CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.grants
    ADD CONSTRAINT grants_login_id_fkey FOREIGN KEY (login_id) REFERENCES hub_private.logins(id) ON DELETE CASCADE;

--
-- Name: instance_secrets instance_secrets_instance_id_fkey; Type: FK CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.instance_secrets
    ADD CONSTRAINT instance_secrets_instance_id_fkey FOREIGN KEY (instance_id) REFERENCES hub.instances(id) ON DELETE CASCADE;

--
-- Name: login_codes login_codes_account_id_fkey; Type: FK CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.login_codes
    ADD CONSTRAINT login_codes_account_id_fkey FOREIGN KEY (account_id) REFERENCES hub.accounts(id) ON DELETE CASCADE;

--
-- Name: logins logins_account_id_fkey; Type: FK CONSTRAINT; Schema: hub_private; Owner: -
--

ALTER TABLE ONLY hub_private.logins
    ADD CONSTRAINT logins_account_id_fkey FOREIGN KEY (account_id) REFERENCES hub.accounts(id) ON DELETE CASCADE;

--
-- Name: agenda_items; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.agenda_items ENABLE ROW LEVEL SECURITY;

--
-- Name: agenda_items agenda_items_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY agenda_items_select ON app.agenda_items FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.events e
  WHERE (e.id = agenda_items.event_id)))));

--
-- Name: chat_channels; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.chat_channels ENABLE ROW LEVEL SECURITY;

--
-- Name: chat_channels chat_channels_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY chat_channels_select ON app.chat_channels FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (event_id = ( SELECT (app_private.event_ctx_or_null()).event_id AS event_id)) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = ANY (ARRAY['organizer'::text, 'advisor'::text])) OR ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'participant'::text) AND ((kind = 'general'::text) OR (team_id = ( SELECT (app_private.event_ctx_or_null()).team_id AS team_id)))))));

--
-- Name: chat_posts; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.chat_posts ENABLE ROW LEVEL SECURITY;

--
-- Name: chat_posts chat_posts_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY chat_posts_select ON app.chat_posts FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.chat_channels c
  WHERE (c.id = chat_posts.channel_id))) AND ((hidden_at IS NULL) OR (( SELECT (app_private.event_ctx_or_null()).role AS role) = 'organizer'::text))));

--
-- Name: chat_reactions; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.chat_reactions ENABLE ROW LEVEL SECURITY;

--
-- Name: chat_reactions chat_reactions_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY chat_reactions_select ON app.chat_reactions FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.chat_posts p
  WHERE (p.id = chat_reactions.post_id)))));

--
-- Name: deck_annotations; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.deck_annotations ENABLE ROW LEVEL SECURITY;

--
-- Name: deck_annotations deck_annotations_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY deck_annotations_select ON app.deck_annotations FOR SELECT TO podium_app USING ((( SELECT app.has_scope('presentations:read'::text) AS has_scope) AND (app_private.deck_role(deck_id) IS NOT NULL)));

--
-- Name: deck_collaborators; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.deck_collaborators ENABLE ROW LEVEL SECURITY;

--
-- Name: deck_collaborators deck_collaborators_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY deck_collaborators_select ON app.deck_collaborators FOR SELECT TO podium_app USING ((( SELECT app.has_scope('presentations:read'::text) AS has_scope) AND ((user_id = ( SELECT app.current_user_id() AS current_user_id)) OR (app_private.deck_role(deck_id) = ANY (ARRAY['owner'::text, 'admin'::text])))));

--
-- Name: deck_files; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.deck_files ENABLE ROW LEVEL SECURITY;

--
-- Name: deck_files deck_files_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY deck_files_select ON app.deck_files FOR SELECT TO podium_app USING ((( SELECT app.has_scope('presentations:read'::text) AS has_scope) AND (app_private.deck_role(deck_id) IS NOT NULL)));

--
-- Name: deck_thumbnails; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.deck_thumbnails ENABLE ROW LEVEL SECURITY;

--
-- Name: deck_thumbnails deck_thumbnails_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY deck_thumbnails_select ON app.deck_thumbnails FOR SELECT TO podium_app USING ((( SELECT app.has_scope('presentations:read'::text) AS has_scope) AND (app_private.deck_role(deck_id) IS NOT NULL)));

--
-- Name: deck_versions; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.deck_versions ENABLE ROW LEVEL SECURITY;

--
-- Name: deck_versions deck_versions_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY deck_versions_select ON app.deck_versions FOR SELECT TO podium_app USING ((( SELECT app.has_scope('presentations:read'::text) AS has_scope) AND (app_private.deck_role(deck_id) IS NOT NULL)));

--
-- Name: deck_views; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.deck_views ENABLE ROW LEVEL SECURITY;

--
-- Name: deck_views deck_views_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY deck_views_select ON app.deck_views FOR SELECT TO podium_app USING ((( SELECT app.has_scope('presentations:read'::text) AS has_scope) AND (app_private.deck_role(deck_id) = ANY (ARRAY['owner'::text, 'admin'::text]))));

--
-- Name: decks; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.decks ENABLE ROW LEVEL SECURITY;

--
-- Name: decks decks_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY decks_select ON app.decks FOR SELECT TO podium_app USING ((( SELECT app.has_scope('presentations:read'::text) AS has_scope) AND (app_private.deck_role(id) IS NOT NULL)));

--
-- Name: event_notices; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.event_notices ENABLE ROW LEVEL SECURITY;

--
-- Name: event_notices event_notices_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY event_notices_select ON app.event_notices FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.events e
  WHERE (e.id = event_notices.event_id)))));

--
-- Name: event_teams; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.event_teams ENABLE ROW LEVEL SECURITY;

--
-- Name: event_teams event_teams_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY event_teams_select ON app.event_teams FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.events e
  WHERE (e.id = event_teams.event_id))) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'organizer'::text) OR (project_id = ( SELECT (app_private.event_ctx_or_null()).team_id AS team_id)))));

--
-- Name: events; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.events ENABLE ROW LEVEL SECURITY;

--
-- Name: events events_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY events_select ON app.events FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (id = ( SELECT (app_private.event_ctx_or_null()).event_id AS event_id)) AND (( SELECT (app_private.event_ctx_or_null()).role AS role) IS NOT NULL)));

--
-- Name: form_response_revisions; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.form_response_revisions ENABLE ROW LEVEL SECURITY;

--
-- Name: form_response_revisions form_response_revisions_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY form_response_revisions_select ON app.form_response_revisions FOR SELECT TO podium_app USING ((( SELECT app.has_scope('presentations:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.form_responses r
  WHERE ((r.id = form_response_revisions.response_id) AND (app_private.deck_role(r.deck_id) = ANY (ARRAY['owner'::text, 'admin'::text])))))));

--
-- Name: form_responses; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.form_responses ENABLE ROW LEVEL SECURITY;

--
-- Name: form_responses form_responses_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY form_responses_select ON app.form_responses FOR SELECT TO podium_app USING ((( SELECT app.has_scope('presentations:read'::text) AS has_scope) AND (app_private.deck_role(deck_id) = ANY (ARRAY['owner'::text, 'admin'::text]))));

--
-- Name: help_requests; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.help_requests ENABLE ROW LEVEL SECURITY;

--
-- Name: help_requests help_requests_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY help_requests_select ON app.help_requests FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (event_id = ( SELECT (app_private.event_ctx_or_null()).event_id AS event_id)) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = ANY (ARRAY['organizer'::text, 'advisor'::text])) OR ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'participant'::text) AND (team_id = ( SELECT (app_private.event_ctx_or_null()).team_id AS team_id))))));

--
-- Name: memberships; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.memberships ENABLE ROW LEVEL SECURITY;

--
-- Name: memberships memberships_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY memberships_select ON app.memberships FOR SELECT TO podium_app USING ((((user_id = ( SELECT app.current_user_id() AS current_user_id)) AND (workspace_id = COALESCE(( SELECT app_private.demo_workspace() AS demo_workspace), workspace_id))) OR ((workspace_id = ( SELECT app.current_workspace_id() AS current_workspace_id)) AND ( SELECT app_private.is_member_of(memberships.workspace_id) AS is_member_of))));

--
-- Name: project_members; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.project_members ENABLE ROW LEVEL SECURITY;

--
-- Name: project_members project_members_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY project_members_select ON app.project_members FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.projects p
  WHERE (p.id = project_members.project_id)))));

--
-- Name: projects; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.projects ENABLE ROW LEVEL SECURITY;

--
-- Name: projects projects_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY projects_select ON app.projects FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (workspace_id = ( SELECT app.current_workspace_id() AS current_workspace_id)) AND (app_private.project_role_of(id) IS NOT NULL)));

--
-- Name: roster_entries; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.roster_entries ENABLE ROW LEVEL SECURITY;

--
-- Name: roster_entries roster_entries_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY roster_entries_select ON app.roster_entries FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.events e
  WHERE (e.id = roster_entries.event_id))) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'organizer'::text) OR (app_private.normalize_email(email) = ( SELECT app_private.normalize_email(u.email) AS normalize_email
   FROM app.users u
  WHERE (u.id = ( SELECT app.current_user_id() AS current_user_id)))))));

--
-- Name: share_links; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.share_links ENABLE ROW LEVEL SECURITY;

--
-- Name: share_links share_links_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY share_links_select ON app.share_links FOR SELECT TO podium_app USING ((( SELECT app.has_scope('presentations:read'::text) AS has_scope) AND (app_private.deck_role(deck_id) = ANY (ARRAY['owner'::text, 'admin'::text]))));

--
-- Name: submission_exceptions; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.submission_exceptions ENABLE ROW LEVEL SECURITY;

--
-- Name: submission_exceptions submission_exceptions_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY submission_exceptions_select ON app.submission_exceptions FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.events e
  WHERE (e.id = submission_exceptions.event_id))) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'organizer'::text) OR (project_id = ( SELECT (app_private.event_ctx_or_null()).team_id AS team_id)))));

--
-- Name: submission_receipts; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.submission_receipts ENABLE ROW LEVEL SECURITY;

--
-- Name: submission_receipts submission_receipts_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY submission_receipts_select ON app.submission_receipts FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.events e
  WHERE (e.id = submission_receipts.event_id))) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'organizer'::text) OR (project_id = ( SELECT (app_private.event_ctx_or_null()).team_id AS team_id)))));

--
-- Name: submissions; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.submissions ENABLE ROW LEVEL SECURITY;

--
-- Name: submissions submissions_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY submissions_select ON app.submissions FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.events e
  WHERE (e.id = submissions.event_id))) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'organizer'::text) OR (project_id = ( SELECT (app_private.event_ctx_or_null()).team_id AS team_id)))));

--
-- Name: team_members; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.team_members ENABLE ROW LEVEL SECURITY;

--
-- Name: team_members team_members_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY team_members_select ON app.team_members FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.teams t
  WHERE (t.id = team_members.team_id)))));

--
-- Name: team_repositories; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.team_repositories ENABLE ROW LEVEL SECURITY;

--
-- Name: team_repositories team_repositories_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY team_repositories_select ON app.team_repositories FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (EXISTS ( SELECT 1
   FROM app.events e
  WHERE (e.id = team_repositories.event_id))) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'organizer'::text) OR (project_id = ( SELECT (app_private.event_ctx_or_null()).team_id AS team_id)))));

--
-- Name: teams; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.teams ENABLE ROW LEVEL SECURITY;

--
-- Name: teams teams_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY teams_select ON app.teams FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (workspace_id = ( SELECT app.current_workspace_id() AS current_workspace_id)) AND ( SELECT app_private.is_member_of(app.current_workspace_id()) AS is_member_of)));

--
-- Name: users; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.users ENABLE ROW LEVEL SECURITY;

--
-- Name: users users_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY users_select ON app.users FOR SELECT TO podium_app USING (((id = ( SELECT app.current_user_id() AS current_user_id)) OR (EXISTS ( SELECT 1
   FROM app.memberships m
  WHERE ((m.user_id = users.id) AND (m.workspace_id = ( SELECT app.current_workspace_id() AS current_workspace_id)) AND ( SELECT app_private.is_member_of(app.current_workspace_id()) AS is_member_of))))));

--
-- Name: vote_ballot_reads; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.vote_ballot_reads ENABLE ROW LEVEL SECURITY;

--
-- Name: vote_ballot_reads vote_ballot_reads_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY vote_ballot_reads_select ON app.vote_ballot_reads FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (event_id = ( SELECT (app_private.event_ctx_or_null()).event_id AS event_id)) AND (( SELECT app.current_workspace_role() AS current_workspace_role) = ANY (ARRAY['owner'::text, 'admin'::text])) AND ( SELECT app_private.is_member_of(app.current_workspace_id()) AS is_member_of)));

--
-- Name: vote_ballots; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.vote_ballots ENABLE ROW LEVEL SECURITY;

--
-- Name: vote_ballots vote_ballots_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY vote_ballots_select ON app.vote_ballots FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (event_id = ( SELECT (app_private.event_ctx_or_null()).event_id AS event_id)) AND (EXISTS ( SELECT 1
   FROM app.vote_voters v
  WHERE ((v.id = vote_ballots.voter_id) AND (app_private.normalize_email(v.email) = ( SELECT app_private.normalize_email(u.email) AS normalize_email
           FROM app.users u
          WHERE (u.id = ( SELECT app.current_user_id() AS current_user_id)))))))));

--
-- Name: vote_candidates; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.vote_candidates ENABLE ROW LEVEL SECURITY;

--
-- Name: vote_candidates vote_candidates_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY vote_candidates_select ON app.vote_candidates FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (event_id = ( SELECT (app_private.event_ctx_or_null()).event_id AS event_id)) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'organizer'::text) OR (included AND (( SELECT (app_private.event_ctx_or_null()).role AS role) = ANY (ARRAY['participant'::text, 'advisor'::text]))))));

--
-- Name: vote_eligibility; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.vote_eligibility ENABLE ROW LEVEL SECURITY;

--
-- Name: vote_eligibility vote_eligibility_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY vote_eligibility_select ON app.vote_eligibility FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (event_id = ( SELECT (app_private.event_ctx_or_null()).event_id AS event_id)) AND (( SELECT (app_private.event_ctx_or_null()).role AS role) = ANY (ARRAY['organizer'::text, 'participant'::text, 'advisor'::text]))));

--
-- Name: vote_results; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.vote_results ENABLE ROW LEVEL SECURITY;

--
-- Name: vote_results vote_results_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY vote_results_select ON app.vote_results FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (event_id = ( SELECT (app_private.event_ctx_or_null()).event_id AS event_id)) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'organizer'::text) OR ((released_at IS NOT NULL) AND (( SELECT (app_private.event_ctx_or_null()).role AS role) = ANY (ARRAY['participant'::text, 'advisor'::text]))))));

--
-- Name: vote_voters; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.vote_voters ENABLE ROW LEVEL SECURITY;

--
-- Name: vote_voters vote_voters_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY vote_voters_select ON app.vote_voters FOR SELECT TO podium_app USING ((( SELECT app.has_scope('hackathon:read'::text) AS has_scope) AND (event_id = ( SELECT (app_private.event_ctx_or_null()).event_id AS event_id)) AND ((( SELECT (app_private.event_ctx_or_null()).role AS role) = 'organizer'::text) OR (app_private.normalize_email(email) = ( SELECT app_private.normalize_email(u.email) AS normalize_email
   FROM app.users u
  WHERE (u.id = ( SELECT app.current_user_id() AS current_user_id)))))));

--
-- Name: workspaces; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.workspaces ENABLE ROW LEVEL SECURITY;

--
-- Name: workspaces workspaces_select; Type: POLICY; Schema: app; Owner: -
--

CREATE POLICY workspaces_select ON app.workspaces FOR SELECT TO podium_app USING (( SELECT app_private.is_member_of(workspaces.id) AS is_member_of));

--
-- Name: instance_operators; Type: ROW SECURITY; Schema: app_private; Owner: -
--

ALTER TABLE app_private.instance_operators ENABLE ROW LEVEL SECURITY;

--
-- Name: mail_outbox; Type: ROW SECURITY; Schema: app_private; Owner: -
--

ALTER TABLE app_private.mail_outbox ENABLE ROW LEVEL SECURITY;

--
-- Name: mail_reads; Type: ROW SECURITY; Schema: app_private; Owner: -
--

ALTER TABLE app_private.mail_reads ENABLE ROW LEVEL SECURITY;

--
-- Name: mail_outbox operator_reads_list; Type: POLICY; Schema: app_private; Owner: -
--

CREATE POLICY operator_reads_list ON app_private.mail_outbox FOR SELECT TO podium_app USING (( SELECT app_private.is_instance_operator() AS is_instance_operator));

--
-- Name: accounts; Type: ROW SECURITY; Schema: hub; Owner: -
--

ALTER TABLE hub.accounts ENABLE ROW LEVEL SECURITY;

--
-- Name: accounts accounts_select; Type: POLICY; Schema: hub; Owner: -
--

CREATE POLICY accounts_select ON hub.accounts FOR SELECT TO podium_hub USING ((id = ( SELECT hub.current_account_id() AS current_account_id)));

--
-- Name: instances; Type: ROW SECURITY; Schema: hub; Owner: -
--

ALTER TABLE hub.instances ENABLE ROW LEVEL SECURITY;

--
-- Name: instances instances_select; Type: POLICY; Schema: hub; Owner: -
--

CREATE POLICY instances_select ON hub.instances FOR SELECT TO podium_hub USING ((EXISTS ( SELECT 1
   FROM hub.organizations o
  WHERE ((o.instance_id = instances.id) AND ( SELECT hub_private.my_organization(o.id) AS my_organization)))));

--
-- Name: memberships; Type: ROW SECURITY; Schema: hub; Owner: -
--

ALTER TABLE hub.memberships ENABLE ROW LEVEL SECURITY;

--
-- Name: memberships memberships_select; Type: POLICY; Schema: hub; Owner: -
--

CREATE POLICY memberships_select ON hub.memberships FOR SELECT TO podium_hub USING (( SELECT hub_private.my_organization(memberships.organization_id) AS my_organization));

--
-- Name: organizations; Type: ROW SECURITY; Schema: hub; Owner: -
--

ALTER TABLE hub.organizations ENABLE ROW LEVEL SECURITY;

--
-- Name: organizations organizations_select; Type: POLICY; Schema: hub; Owner: -
--

CREATE POLICY organizations_select ON hub.organizations FOR SELECT TO podium_hub USING (( SELECT hub_private.my_organization(organizations.id) AS my_organization));

--
-- Name: team_members; Type: ROW SECURITY; Schema: hub; Owner: -
--

ALTER TABLE hub.team_members ENABLE ROW LEVEL SECURITY;

--
-- Name: team_members team_members_select; Type: POLICY; Schema: hub; Owner: -
--

CREATE POLICY team_members_select ON hub.team_members FOR SELECT TO podium_hub USING ((EXISTS ( SELECT 1
   FROM hub.teams t
  WHERE ((t.id = team_members.team_id) AND ( SELECT hub_private.my_organization(t.organization_id) AS my_organization)))));

--
-- Name: teams; Type: ROW SECURITY; Schema: hub; Owner: -
--

ALTER TABLE hub.teams ENABLE ROW LEVEL SECURITY;

--
-- Name: teams teams_select; Type: POLICY; Schema: hub; Owner: -
--

CREATE POLICY teams_select ON hub.teams FOR SELECT TO podium_hub USING (( SELECT hub_private.my_organization(teams.organization_id) AS my_organization));

--
-- Name: TABLE event_teams; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.event_teams TO podium_app;

--
-- Name: TABLE events; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.events TO podium_app;

--
-- Name: TABLE deck_annotations; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.deck_annotations TO podium_app;

--
-- Name: TABLE vote_eligibility; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.vote_eligibility TO podium_app;

--
-- Name: TABLE vote_voters; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.vote_voters TO podium_app;

--
-- Name: TABLE chat_channels; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.chat_channels TO podium_app;

--
-- Name: TABLE chat_posts; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.chat_posts TO podium_app;

--
-- Name: TABLE deck_collaborators; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.deck_collaborators TO podium_app;

--
-- Name: TABLE decks; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.decks TO podium_app;

--
-- Name: TABLE submission_receipts; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.submission_receipts TO podium_app;

--
-- Name: COLUMN users.id; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT(id) ON TABLE app.users TO podium_app;

--
-- Name: COLUMN users.email; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT(email) ON TABLE app.users TO podium_app;

--
-- Name: COLUMN users.name; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT(name) ON TABLE app.users TO podium_app;

--
-- Name: COLUMN users.created_at; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT(created_at) ON TABLE app.users TO podium_app;

--
-- Name: COLUMN users.erased_at; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT(erased_at) ON TABLE app.users TO podium_app;

--
-- Name: TABLE workspaces; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.workspaces TO podium_app;

--
-- Name: TABLE help_requests; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.help_requests TO podium_app;

--
-- Name: TABLE share_links; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.share_links TO podium_app;

--
-- Name: TABLE project_members; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.project_members TO podium_app;

--
-- Name: TABLE projects; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.projects TO podium_app;

--
-- Name: TABLE form_responses; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.form_responses TO podium_app;

--
-- Name: TABLE teams; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.teams TO podium_app;

--
-- Name: TABLE deck_versions; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.deck_versions TO podium_app;

--
-- Name: TABLE vote_results; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.vote_results TO podium_app;

--
-- Name: TABLE memberships; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.memberships TO podium_app;

--
-- Name: TABLE organizations; Type: ACL; Schema: hub; Owner: -
--

GRANT SELECT ON TABLE hub.organizations TO podium_hub;

--
-- Name: TABLE agenda_items; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.agenda_items TO podium_app;

--
-- Name: TABLE chat_reactions; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.chat_reactions TO podium_app;

--
-- Name: TABLE deck_files; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.deck_files TO podium_app;

--
-- Name: TABLE deck_thumbnails; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.deck_thumbnails TO podium_app;

--
-- Name: TABLE deck_views; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.deck_views TO podium_app;

--
-- Name: TABLE event_notices; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.event_notices TO podium_app;

--
-- Name: TABLE form_response_revisions; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.form_response_revisions TO podium_app;

--
-- Name: TABLE my_api_keys; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.my_api_keys TO podium_app;

--
-- Name: TABLE roster_entries; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.roster_entries TO podium_app;

--
-- Name: TABLE submission_exceptions; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.submission_exceptions TO podium_app;

--
-- Name: TABLE submissions; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.submissions TO podium_app;

--
-- Name: TABLE team_activity; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.team_activity TO podium_app;

--
-- Name: TABLE team_members; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.team_members TO podium_app;

--
-- Name: TABLE team_repositories; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.team_repositories TO podium_app;

--
-- Name: TABLE vote_ballot_reads; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.vote_ballot_reads TO podium_app;

--
-- Name: TABLE vote_ballots; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.vote_ballots TO podium_app;

--
-- Name: TABLE vote_candidates; Type: ACL; Schema: app; Owner: -
--

GRANT SELECT ON TABLE app.vote_candidates TO podium_app;

--
-- Name: COLUMN mail_outbox.id; Type: ACL; Schema: app_private; Owner: -
--

GRANT SELECT(id) ON TABLE app_private.mail_outbox TO podium_app;

--
-- Name: COLUMN mail_outbox.to_address; Type: ACL; Schema: app_private; Owner: -
--

GRANT SELECT(to_address) ON TABLE app_private.mail_outbox TO podium_app;

--
-- Name: COLUMN mail_outbox.subject; Type: ACL; Schema: app_private; Owner: -
--

GRANT SELECT(subject) ON TABLE app_private.mail_outbox TO podium_app;

--
-- Name: COLUMN mail_outbox.created_at; Type: ACL; Schema: app_private; Owner: -
--

GRANT SELECT(created_at) ON TABLE app_private.mail_outbox TO podium_app;

--
-- Name: TABLE accounts; Type: ACL; Schema: hub; Owner: -
--

GRANT SELECT ON TABLE hub.accounts TO podium_hub;

--
-- Name: TABLE instances; Type: ACL; Schema: hub; Owner: -
--

GRANT SELECT ON TABLE hub.instances TO podium_hub;

--
-- Name: TABLE memberships; Type: ACL; Schema: hub; Owner: -
--

GRANT SELECT ON TABLE hub.memberships TO podium_hub;

--
-- Name: TABLE team_members; Type: ACL; Schema: hub; Owner: -
--

GRANT SELECT ON TABLE hub.team_members TO podium_hub;

--
-- Name: TABLE teams; Type: ACL; Schema: hub; Owner: -
--

GRANT SELECT ON TABLE hub.teams TO podium_hub;

--
--
