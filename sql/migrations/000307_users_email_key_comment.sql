-- The one lower(email) in the schema is intentional: every match of an address goes through
-- app_private.normalize_email (trim, ASCII A-Z lower-cased), but this unique index uses
-- PostgreSQL's full Unicode lower() so two accounts can never differ only by a Unicode case
-- mapping (K next to the Kelvin sign). It refuses; it never decides who an address is.
comment on index app.users_email_key is 'Intentionally lower(email), not normalize_email: refuses a second account whose address differs only by a Unicode case mapping (the Kelvin sign next to K). Matching an address always uses app_private.normalize_email.';
