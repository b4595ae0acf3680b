// One UUID pattern for every layer (any version, either case, as PostgreSQL reads them):
// UUID_PATTERN for JSON schemas, UUID_RE for code, UUID_SCHEMA a ready schema of one id.
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$';
export const UUID_RE = new RegExp(UUID_PATTERN);
export const UUID_SCHEMA = { type: 'string', pattern: UUID_PATTERN } as const;
