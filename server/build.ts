/**
 * npm run build:server: bundles the server (src/server.ts and the command-line tasks) into dist/ as
 * plain JavaScript, so production starts with `node server/dist/server.js` and no TypeScript loader.
 *
 * Files the code reads beside itself (`import.meta.dirname`: the migrations, the pincode table, the
 * sandbox checkout script, the web build) stay where they are: each source file's `import.meta.dirname`
 * becomes its own folder, found from the bundle's, so the bundle works wherever the checkout is.
 * Packages are bundled in, except those in EXTERNAL.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverRoot = import.meta.dirname;
const outdir = path.join(serverRoot, 'dist');

/** The command-line entries: the server itself and the tasks that production also runs. */
const entryPoints = {
  server: 'src/server.ts',
  seed: 'src/db/seed-cli.ts',
  'create-admin': 'src/db/create-admin.ts',
};

/**
 * Packages left in node_modules; all others are bundled in. @rr/core must be (it is TypeScript source);
 * the rest are bundled because one large module parses faster than Node finds and loads hundreds of
 * small files. These stay out: they read their own files at run time (PGlite's WebAssembly, pdfkit's
 * fonts, the static files of @fastify/static and swagger-ui), are required by file name at run time
 * (@fastify/rate-limit's stores), or are an optional native part (pg-native).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'pdfkit',
  '@fastify/swagger-ui',
  '@fastify/static',
  '@fastify/rate-limit',
  'pg-native',
];

const isBundled = (specifier: string) =>
  !EXTERNAL.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Packages in EXTERNAL (and Node's own modules) are left for Node to load. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      isBundled(args.path) || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Each server source file's `import.meta.dirname`, kept pointing at that file's own folder. */
const sourceDirname: Plugin = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /[\\/]server[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const fromBundle = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${fromBundle}`)})`,
        ),
        loader: 'ts',
      };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: serverRoot,
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Maps for `node --enable-source-maps` when a stack trace needs the TypeScript lines (not on by
  // default: it costs 40 MB and 70 ms at start). Names are kept, for stack traces and error names.
  sourcemap: true,
  minifyWhitespace: true,
  minifySyntax: true,
  // Bundled CommonJS packages require Node's own modules; an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as __rrRequire } from 'node:module'; const require = __rrRequire(import.meta.url);",
  },
  plugins: [externalPackages, sourceDirname],
  logLevel: 'warning',
});
console.log(`Built the server into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
