// The two snippets a page owner pastes to embed a share link (the script that draws the
// frame, or the frame itself), with the placement label baked in. Rendered by React, so the
// link URL, the deck's title and the placement are escaped as attribute values.
import { renderMarkup } from '../../pages/html.tsx';

export function embedOf(publicUrl: string, linkUrl: string, title: string, placement: string | null) {
  const embedJsUrl = `${publicUrl}/embed.js`;
  const frameUrl = `${linkUrl}?embed=1${placement ? `&placement=${encodeURIComponent(placement)}` : ''}`;
  return {
    script: renderMarkup(<script src={embedJsUrl} data-podium-embed={linkUrl} data-placement={placement ?? undefined} async />),
    iframe: renderMarkup(<iframe src={frameUrl} title={title} style={{ width: '100%', aspectRatio: '16/9', border: 0 }} allow="fullscreen" loading="lazy"></iframe>),
    embedJsUrl,
  };
}
