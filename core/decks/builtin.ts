// The built-in generator: deterministic, needs nothing outside the machine. It lays the
// claims of the evidence (facts.ts) on the template's screens in order: every required
// screen, each optional one that has something to say, up to the template's maximum; a
// required screen with nothing found says so about the frozen commit (cited) instead of
// staying empty. Claims are clipped to the template's length. The same evidence always gives
// the same deck, byte for byte.
import { clip, extractFacts, type FactTopic, type Facts } from './facts.ts';
import { pitch, type PitchPart } from './pitch.ts';
import type { Claim, GenerateInput, GeneratedDeck, Screen } from './types.ts';

export const BUILTIN_GENERATOR = 'builtin/1';

/** Which evidence topic fills a heading (by the template's heading). */
const JURY: Record<string, FactTopic> = {
  'Problem': 'problem',
  'What it does': 'does',
  'How it works': 'works',
  'What was built in the event': 'built',
  'Where the code came from': 'provenance',
  'Evidence it runs': 'runs',
  'What is tested': 'tested',
  'What is next': 'next',
  'The evidence': 'evidence',
};
/** The community deck is a pitch (pitch.ts): which part of it a heading holds. */
const COMMUNITY: Record<string, PitchPart> = {
  'What it is': 'what',
  'Who it is for': 'who',
  'In one number': 'number',
  'Try it': 'try',
};

function claimsFor(heading: string, input: GenerateInput, facts: Facts): { claims: Claim[]; found: boolean } {
  if (input.template.kind === 'community') {
    const part = COMMUNITY[heading];
    return part ? pitch(part, input, facts) : { claims: [], found: false };
  }
  const topic = JURY[heading];
  if (!topic) return { claims: [], found: false };
  const found = facts.topics[topic];
  return found.length ? { claims: found, found: true } : { claims: [facts.absent[topic]], found: false };
}

export function generateBuiltin(input: GenerateInput, facts: Facts = extractFacts(input)): GeneratedDeck {
  const t = input.template;
  const screens: Screen[] = [];
  for (const h of t.headings) {
    if (screens.length >= t.screens.max) break;
    const { claims, found } = claimsFor(h.heading, input, facts);
    // an optional screen that found nothing is left out (a pitch's "Try it" included)
    if (!h.required && !found) continue;
    const screen: Screen = {
      heading: h.heading,
      claims: claims.slice(0, t.maxClaimsPerScreen).map((c) => ({ ...c, text: clip(c.text, t.maxClaimChars) })),
    };
    // the jury sees the commits over the build window as a chart on the screen about them
    if (facts.chart && input.template.kind === 'jury' && JURY[h.heading] === 'built') screen.chart = facts.chart;
    // and the parts of the project and the calls between them on "How it works"
    if (facts.diagram && input.template.kind === 'jury' && JURY[h.heading] === 'works') screen.diagram = facts.diagram;
    screens.push(screen);
  }
  return { generator: BUILTIN_GENERATOR, screens };
}
