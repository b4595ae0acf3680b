// The server renders its pages with React's production build whatever NODE_ENV says (unset on a
// default install): api/pages/react-production.ts imports it first, as the podium binary does
// before its main module (and the benches, by --import). What is checked is the
// instance the pages use (Node may also load the development files while reading the packages'
// exports; unused, they cost nothing per request).
import test from 'ava';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Whether the JSX runtime and renderer a page imports are the production builds' own functions. */
const PROBE = `
  const { createRequire } = await import('node:module');
  const cache = createRequire(process.cwd() + '/').cache;
  const prod = (file) => Object.entries(cache).find(([k]) => k.endsWith(file))?.[1].exports;
  const rt = await import('react/jsx-runtime');
  const server = await import('react-dom/server');
  const answer = {
    jsx: rt.jsx === prod('react/cjs/react-jsx-runtime.production.js')?.jsx,
    render: server.renderToStaticMarkup === prod('react-dom/cjs/react-dom-server-legacy.node.production.js')?.renderToStaticMarkup,
    nodeEnv: process.env.NODE_ENV ?? null,
  };
`;

test('started as the podium binary starts it (tsx, the preload, then the server), the pages use the production build and NODE_ENV is untouched', (t) => {
  const script = `
    const { register } = await import('tsx/esm/api');
    register();
    await import('./api/pages/react-production.ts');
    await import('./api/server.ts');
    ${PROBE}
    console.log(JSON.stringify(answer));
  `;
  const env = { ...process.env };
  delete env.NODE_ENV;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
  t.deepEqual(JSON.parse(out.trim().split('\n').at(-1)!), { jsx: true, render: true, nodeEnv: null });
});

test('without the preload the same process would render with the development build (the check can fail)', (t) => {
  const script = `
    const { register } = await import('tsx/esm/api');
    register();
    await import('./api/server.ts');
    ${PROBE}
    console.log(JSON.stringify(answer));
  `;
  const env = { ...process.env };
  delete env.NODE_ENV;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
  t.like(JSON.parse(out.trim().split('\n').at(-1)!), { jsx: false });
});

test('the podium binary imports the preload before its main module', (t) => {
  const source = readFileSync(new URL('../../cli/podium/bin.js', import.meta.url), 'utf8');
  const preload = source.indexOf("await import('../../api/pages/react-production.ts')");
  t.true(preload > 0 && preload < source.indexOf("await import('./main.ts')"));
});
