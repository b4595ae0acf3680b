// Validation findings of a generated deck, stored with it and shown by `decks show`: the
// screen count out of the template's range, an empty screen, a claim with neither a citation
// nor the [unverified] mark, a citation that does not exist in the evidence (a path not in the
// archive, lines beyond the file, a commit not in the frozen revision's history, a code
// snippet (`claim.quote`) that is not exactly the text of its cited lines), over-long
// text, and a negative claim (one that says something is absent, `claim.absent`) whose
// subject exists anywhere in the archive in any of its forms (core/decks/absence.ts), a push
// receipt (a citation, or a marker of the commit chart) that is not one of the team's accepted
// pushes the job was handed, a chart row whose commit is not in the history, a part or call
// of the architecture diagram whose lines are not in the archive. The same
// check runs on every generator's output before the deck is published.
import { findPresence } from './absence.ts';
import type { Evidence } from './evidence.ts';
import { readManifests, type Structured } from './manifests.ts';
import { citationLabel, type CommitInfo, type DeckTemplate, type Finding, type PushReceipt, type Screen, type Showcase } from './types.ts';

export const MAX_HEADING_CHARS = 80;

export function validateDeck(screens: Screen[], template: DeckTemplate, evidence: Evidence, frozenSha: string, commits: CommitInfo[] | null, showcase: Showcase | null = null, pushes: PushReceipt[] | null = null): Finding[] {
  const findings: Finding[] = [];
  let structured: Structured | null = null;
  const known = new Set([frozenSha, ...(commits ?? []).map((k) => k.sha)]);
  const commitKnown = (sha: string) => /^[0-9a-f]{7,40}$/.test(sha) && [...known].some((k) => k.startsWith(sha));
  const receipts = new Map((pushes ?? []).map((r) => [r.sequence, r]));
  if (screens.length < template.screens.min || screens.length > template.screens.max) {
    findings.push({ code: 'screen_count', message: `${screens.length} screens; the ${template.kind} template takes ${template.screens.min} to ${template.screens.max}` });
  }
  screens.forEach((s, i) => {
    const screen = i + 1;
    if (!s.heading?.trim()) findings.push({ code: 'empty_screen', screen, message: `Screen ${screen} has no heading` });
    else if (s.heading.length > MAX_HEADING_CHARS) findings.push({ code: 'text_too_long', screen, message: `Screen ${screen}'s heading is ${s.heading.length} characters (at most ${MAX_HEADING_CHARS})` });
    if (!s.claims?.length) findings.push({ code: 'empty_screen', screen, message: `Screen ${screen} (${s.heading || 'no heading'}) has no claim` });
    if (s.claims?.length > template.maxClaimsPerScreen) {
      findings.push({ code: 'text_too_long', screen, message: `Screen ${screen} holds ${s.claims.length} claims (at most ${template.maxClaimsPerScreen})` });
    }
    if (s.chart) {
      const c = s.chart;
      const sum = Array.isArray(c.counts) ? c.counts.reduce((a, b) => a + (Number.isInteger(b) && b >= 0 ? b : NaN), 0) : NaN;
      const unknown = (c.commits ?? []).filter((k) => !commitKnown(String(k)));
      if (unknown.length) findings.push({ code: 'invalid_citation', screen, message: `Screen ${screen}'s chart counts commit ${String(unknown[0]).slice(0, 12)}, which is not in the frozen revision's history` });
      else if (sum !== (c.commits ?? []).length) findings.push({ code: 'invalid_citation', screen, message: `Screen ${screen}'s chart counts ${sum} commits but cites ${(c.commits ?? []).length}` });
      const row = (c.rows ?? []).find((r) => !commitKnown(String(r.sha)));
      if (row) findings.push({ code: 'invalid_citation', screen, message: `Screen ${screen}'s chart has a row for commit ${String(row.sha).slice(0, 12)}, which is not in the frozen revision's history` });
      const marker = (c.pushes ?? []).find((p) => receipts.get(p.sequence)?.receivedAt !== p.at);
      if (marker) findings.push({ code: 'invalid_citation', screen, message: `Screen ${screen}'s chart marks push receipt #${marker.sequence} at ${marker.at}, which is not one of the team's pushes` });
    }
    // a diagram's every part and call cites lines of the archive
    for (const c of s.diagram ? [...(s.diagram.nodes ?? []), ...(s.diagram.edges ?? [])].map((x) => x.cite) : []) {
      const ok = c && 'path' in c ? evidence.hasLines(c.path, c.start, c.end) : c && 'commit' in c && commitKnown(String(c.commit));
      if (!ok) {
        findings.push({ code: 'invalid_citation', screen, message: `Screen ${screen}'s diagram cites ${c ? citationLabel(c) : 'nothing'}, which is not in the evidence archive` });
        break;
      }
    }
    (s.claims ?? []).forEach((c, j) => {
      const claim = j + 1;
      const where = `Screen ${screen}, claim ${claim}`;
      if (!c.text?.trim()) findings.push({ code: 'empty_screen', screen, claim, message: `${where} is empty` });
      else if (c.text.length > template.maxClaimChars) findings.push({ code: 'text_too_long', screen, claim, message: `${where} is ${c.text.length} characters (at most ${template.maxClaimChars})` });
      if (c.absent) {
        const p = findPresence(evidence, c.absent.subject, (structured ??= readManifests(evidence)));
        if (p) findings.push({ code: 'false_absence', screen, claim, message: `${where} says there is no ${c.absent.subject}, but ${p.path}${p.line ? `:${p.line}` : ''} holds ${p.what}` });
      }
      const cite = c.cite;
      if (!cite) {
        if (!c.unverified) findings.push({ code: 'uncited_claim', screen, claim, message: `${where} cites nothing and is not marked [unverified]` });
        return;
      }
      if (c.quote !== undefined && !('path' in cite)) {
        findings.push({ code: 'invalid_citation', screen, claim, message: `${where} quotes code but cites no lines of a file` });
      } else if ('showcase' in cite) {
        const field = cite.showcase;
        if (!showcase || !['product', 'tagline', 'description'].includes(field) || !showcase[field]?.trim()) findings.push({ code: 'invalid_citation', screen, claim, message: `${where} cites the team showcase's ${String(field)}, which the team did not write` });
      } else if ('receipt' in cite) {
        if (!receipts.has(cite.receipt)) findings.push({ code: 'invalid_citation', screen, claim, message: `${where} cites push receipt #${String(cite.receipt)}, which is not one of the team's pushes` });
      } else if ('commit' in cite) {
        if (!commitKnown(String(cite.commit))) findings.push({ code: 'invalid_citation', screen, claim, message: `${where} cites commit ${String(cite.commit).slice(0, 12)}, which is not in the frozen revision's history` });
      } else if (!evidence.get(cite.path)) {
        findings.push({ code: 'invalid_citation', screen, claim, message: `${where} cites ${cite.path}, which is not in the evidence archive` });
      } else if (!evidence.hasLines(cite.path, cite.start, cite.end)) {
        const n = evidence.lines(cite.path)?.length ?? 0;
        findings.push({ code: 'invalid_citation', screen, claim, message: `${where} cites ${cite.path}:${cite.start}-${cite.end}, which does not exist (the file has ${n} lines)` });
      } else if (c.quote !== undefined && evidence.lines(cite.path)!.slice(cite.start - 1, cite.end).join('\n') !== c.quote) {
        findings.push({ code: 'invalid_citation', screen, claim, message: `${where} quotes code that is not at ${cite.path}:${cite.start}-${cite.end}` });
      }
    });
  });
  return findings;
}
