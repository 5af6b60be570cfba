// Builds the frontend: the browser bundle, then the landing page prerendered into index.html so
// it paints before any JavaScript runs. Other paths get app.html, the empty shell.
// Usage: node frontend/scripts/build.js [outDir]   (default frontend/dist)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

// Vite builds what NODE_ENV names when it is set: under jest (NODE_ENV=test) the browser suites
// were served React's development build, slower than and unlike what users get.
process.env.NODE_ENV = 'production';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.argv[2] ?? join(root, 'dist'));
// Inside the project, so the server build resolves react and the rest from node_modules.
const serverDir = join(root, `node_modules/.cache/prerender-${process.pid}`);

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
  console.log(`Frontend built in ${outDir}, landing page prerendered`);
} finally {
  rmSync(serverDir, { recursive: true, force: true });
}
