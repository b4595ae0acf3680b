#!/usr/bin/env node
// Runs the TypeScript entry through tsx (Node 24 from the project's node@24 devDependency).
process.env.GRAPHILE_ENV ??= 'production';
import { register } from 'tsx/esm/api';
register();
const { main } = await import('./main.ts');
const code = await main(process.argv.slice(2));
process.exit(code);
