// One deck from verified evidence: the claims the evidence holds (facts.ts), laid out by the
// built-in generator or written by the chat-completions driver when one is configured, then
// checked against the archive (validate.ts) and rendered as one HTML file, with the pictures
// it shows from the evidence (pictures.ts) as files of their own beside it.
import { generateBuiltin } from './builtin.ts';
import { generateWithChat, type ChatSettings } from './chat.ts';
import { extractFacts } from './facts.ts';
import { projectIdentity } from './identity.ts';
import { findPictures } from './pictures.ts';
import { renderDeckHtml } from './render.ts';
import type { Finding, GenerateInput, Screen } from './types.ts';
import { validateDeck } from './validate.ts';

export interface BuiltDeck {
  generator: string;
  screens: Screen[];
  findings: Finding[];
  html: string;
  /** The pictures the HTML shows, each a file of the deck at `path` (pictures/<sha256>.<ext>). */
  files: { path: string; data: Buffer; sha256: string }[];
}

export async function buildDeck(input: GenerateInput, chat: ChatSettings | null, fetchImpl?: typeof fetch): Promise<BuiltDeck> {
  const facts = extractFacts(input);
  const deck = chat ? await generateWithChat(input, facts, chat, fetchImpl) : generateBuiltin(input, facts);
  // the architecture diagram is drawn from the evidence, never written by a model: a chat-written
  // "How it works" gets it as the built-in one does
  for (const x of deck.screens) {
    if (input.template.kind === 'jury' && facts.diagram && x.heading === 'How it works') x.diagram = facts.diagram;
    else delete x.diagram;
  }
  const findings = [...validateDeck(deck.screens, input.template, input.evidence, input.sha, input.commits, input.showcase ?? null, input.pushes ?? null), ...facts.findings];
  // the community deck is a pitch: one picture, on its title screen
  const found = findPictures(input.evidence, input.templateEvidence ?? null);
  const pictures = input.template.kind === 'community' ? found.slice(0, 1) : found;
  const html = renderDeckHtml({
    team: input.team, kind: input.template.kind, eventName: input.eventName, sha: input.sha, archiveName: input.archiveName, generator: deck.generator,
    screens: deck.screens, identity: projectIdentity(input), pictures, maxScreens: input.template.screens.max,
  });
  const files = pictures.map((p) => ({ path: p.file, data: p.data, sha256: p.sha256 }));
  return { generator: deck.generator, screens: deck.screens, findings, html, files };
}
