import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Bundles a benchmark's measured script for plain Node (npm packages stay external, like `npm run build:server`),
 * so its figures are those of built code and not of the TypeScript loader, whose worker alone holds ~60 MiB.
 */
export async function bundleForNode(entry: string, outfile: string): Promise<void> {
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [
      {
        name: 'shared-alias',
        setup(build) {
          build.onResolve({ filter: /^#shared\// }, (args) => ({
            path: path.join(root, 'src/shared', `${args.path.slice('#shared/'.length)}.ts`),
          }));
        },
      },
    ],
  });
}

/** A scratch folder under node_modules for a bundle (removed by the caller). */
export function scratchDir(prefix: string): string {
  return fs.mkdtempSync(path.join(root, 'node_modules', prefix));
}
