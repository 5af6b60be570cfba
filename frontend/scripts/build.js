// Builds the frontend: the browser bundle, then the landing page prerendered into index.html so
// it paints before any JavaScript runs. Other paths get app.html, the empty shell. A folder that
// holds the build of the inputs as they stand (build-inputs.js) is left as it is.
// Usage: node frontend/scripts/build.js [outDir]   (default frontend/dist)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { buildInputsHash } from './build-inputs.js';

// Vite builds what NODE_ENV names when it is set: under jest (NODE_ENV=test) the browser suites
// were served React's development build, slower than and unlike what users get.
process.env.NODE_ENV = 'production';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.argv[2] ?? join(root, 'dist'));
// Inside the project, so the server build resolves react and the rest from node_modules.
const serverDir = join(root, `node_modules/.cache/prerender-${process.pid}`);
// Kept beside the build rather than in it, where the server would serve it.
const builtInputs = join(
  root,
  'node_modules/.cache/frontend-builds',
  createHash('sha256').update(outDir).digest('hex').slice(0, 16),
);
const inputs = buildInputsHash();
const current =
  existsSync(join(outDir, 'index.html')) && existsSync(builtInputs) && readFileSync(builtInputs, 'utf8') === inputs;
if (current) {
  console.log(`Frontend in ${outDir} is current`);
  process.exit(0);
}

// Until this build is whole, the folder holds no build of any inputs.
rmSync(builtInputs, { force: true });
try {
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: join(root, 'src/entry-server.tsx'), outDir: serverDir, emptyOutDir: true },
  });
  const { render } = await import(pathToFileURL(join(serverDir, 'entry-server.js')).href);
  const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
  const marker = '<div id="root"></div>';
  if (!shell.includes(marker)) throw new Error(`index.html has no ${marker}`);
  writeFileSync(join(outDir, 'app.html'), shell);
  writeFileSync(join(outDir, 'index.html'), shell.replace(marker, `<div id="root">${await render('/')}</div>`));
  mkdirSync(join(builtInputs, '..'), { recursive: true });
  writeFileSync(builtInputs, inputs);
  console.log(`Frontend built in ${outDir}, landing page prerendered`);
} finally {
  rmSync(serverDir, { recursive: true, force: true });
}
