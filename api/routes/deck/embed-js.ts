// /embed.js, served by the instance: turns each
//   <script src=".../embed.js" data-podium-embed="<link URL>" data-placement="label"></script>
// into an iframe of the link's page in embed mode (no bar; views and form responses are
// recorded with source `embed` and the placement). No dependencies, no cookies, no globals.
export const EMBED_JS = `(function () {
  var scripts = document.querySelectorAll('script[data-podium-embed]');
  for (var i = 0; i < scripts.length; i++) {
    var s = scripts[i];
    if (s.getAttribute('data-podium-done')) continue;
    s.setAttribute('data-podium-done', '1');
    var url = s.getAttribute('data-podium-embed');
    if (!/^https?:\\/\\//.test(url)) continue;
    var placement = s.getAttribute('data-placement');
    var frame = document.createElement('iframe');
    frame.src = url + '?embed=1' + (placement ? '&placement=' + encodeURIComponent(placement) : '');
    frame.title = s.getAttribute('data-title') || 'Embedded deck';
    frame.setAttribute('allow', 'fullscreen');
    frame.setAttribute('loading', 'lazy');
    frame.style.width = '100%';
    frame.style.aspectRatio = '16 / 9';
    frame.style.border = '0';
    s.parentNode.insertBefore(frame, s.nextSibling);
  }
})();
`;
