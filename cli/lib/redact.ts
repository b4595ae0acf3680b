// Diagnostics never show a secret: Podium keys, code-host tokens, bearer/basic headers and
// credentials in URLs become [redacted].
const RULES: [RegExp, string][] = [
  [/\b(?:dk|hck)_[A-Za-z0-9_-]{8,}/g, '[redacted]'],
  [/\b(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,})/g, '[redacted]'],
  [/\b(Bearer|Basic|token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 [redacted]'],
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1[redacted]@'],
];

export function redact(text: string): string {
  return RULES.reduce((s, [re, to]) => s.replace(re, to), text);
}
