// React chooses its development or its production build from NODE_ENV when it is first loaded.
// Podium's pages are rendered by React on every request, and the development build checks each
// element as it renders (10 to 15 times the cost: 60 chat posts took 46-89 ms instead of 3-7);
// Podium's own NODE_ENV says something else (whether AUTH_SECRET may be generated) and is unset on
// a default install. So the server loads React's production build, whatever NODE_ENV says, before
// any module imports React. It must run before the server's import graph is even linked (Node
// loads the CommonJS files an ES module imports while linking it, ahead of any module body): the
// podium binary imports it before its main module, and the benches by --import. The tests do
// not: the dashboard's tests run Ink, whose renderer (react-reconciler) follows NODE_ENV too and
// cannot work with React's production build beside its own development one.
const given = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  // Imported, not required: Node keeps the ES-module instances of CommonJS files apart from
  // require's, and the pages import React.
  await import('react');
  await import('react/jsx-runtime');
  await import('react-dom/server');
} finally {
  if (given === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = given;
}
