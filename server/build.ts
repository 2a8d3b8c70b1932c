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
  '@fastify/static',
  '@fastify/rate-limit',
  'pg-native',
  // Fastify's default schema compilers (Ajv, fast-json-stringify): app.ts gives it zod's instead, so
  // they are never loaded; left out, the start does not parse them either (issue 31).
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
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

/**
 * Packages bundled although they read files beside their own code (`__dirname`): each file's
 * `__dirname` becomes its folder inside the package, found in node_modules at run time from the bundle.
 * @fastify/swagger-ui (the API docs' page and pictures) is bundled so that its `yaml` is the bundle's
 * copy, which @fastify/swagger loads anyway: from node_modules it was 74 more files to find, read and
 * compile at every start (issue 31).
 */
const BUNDLED_WITH_FILES = ['@fastify/swagger-ui'];

const packageDirname: Plugin = {
  name: 'package-dirname',
  setup(b) {
    for (const name of BUNDLED_WITH_FILES) {
      const inNodeModules = `/node_modules/${name}/`;
      b.onLoad({ filter: /\.js$/ }, async (args) => {
        const file = args.path.split(path.sep).join('/');
        if (!file.includes(inNodeModules)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('__dirname')) return undefined;
        const folder = path.posix.dirname(file.slice(file.lastIndexOf(inNodeModules) + inNodeModules.length));
        const packageRoot = `require('node:path').dirname(require.resolve(${JSON.stringify(`${name}/package.json`)}))`;
        const dirname = `require('node:path').join(${packageRoot}, ${JSON.stringify(folder)})`;
        return { contents: source.replaceAll('__dirname', `(${dirname})`), loader: 'js' };
      });
    }
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
  plugins: [externalPackages, sourceDirname, packageDirname],
  logLevel: 'warning',
});
console.log(`Built the server into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
