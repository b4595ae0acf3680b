// GET /account on the hub: how to change the hub account's settings (rendered by React, so
// the hub's own URL is escaped wherever it appears).
import { renderDocument } from '../../pages/html.tsx';

const STYLE = 'body{font:15px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}code{background:#eef;padding:0 .2rem}';

export function accountPage(hub: string): string {
  return renderDocument(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="description" content="Podium hub: your account's settings, and how to choose your default organization." />
        <title>Your hub account</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
        <h1>Your hub account</h1>
        <p>This hub ({hub}) signs you in to every Podium instance of its family. Your organizations, their tools and your default organization are settings of your hub account.</p>
        <h2>Default organization</h2>
        <p>On a cloud instance, a command that names no organization acts in your default organization. Choose one per command with <code>{'--org <id or name>'}</code> (or <code>EVENT_ORG</code>), or make one the default, signed in through this hub:</p>
        <pre><code>{'hackathon workspace default <organization name or workspace id>'}</code></pre>
        <p>The instance you run it against takes the new default at once; the others of this hub at your next sign-in there. <code>hackathon workspaces</code> lists the names. Your hub login is in <code>~/.config/podium/hub.json</code>; it is sent to this hub only.</p>
        </main>
      </body>
    </html>,
  );
}
