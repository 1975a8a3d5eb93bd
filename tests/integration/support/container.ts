/**
 * An Astro container (the Container API renders .astro components in tests) that knows what the
 * built site knows: React's renderer, and the shop's own `client:interact` directive (decision 068),
 * which astro.config.mjs registers through an integration the container does not run. The
 * directive's script is built the way Astro builds it (esbuild, one IIFE), so a rendered page
 * carries the same inline script as the built one.
 */

import { loadRenderers } from 'astro:container';
import { fileURLToPath } from 'node:url';
import { getContainerRenderer as reactContainerRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let interact: Promise<string> | undefined;

/** `client:interact`'s inline script, built once per test worker. */
function interactDirective(): Promise<string> {
  interact ??= build({
    stdin: {
      contents: `import directive from './src/islands/hydrate-on-interaction.ts';
(self.Astro || (self.Astro = {})).interact = directive;
window.dispatchEvent(new Event('astro:interact'));`,
      resolveDir: root,
    },
    absWorkingDir: root,
    format: 'iife',
    minify: true,
    bundle: true,
    write: false,
  }).then((output) => output.outputFiles[0]?.text ?? '');
  return interact;
}

/** A container rendering React islands with every client directive the site has. */
export async function createContainer(): Promise<AstroContainer> {
  const clientDirectives = new Map([
    ['idle', idle],
    ['load', load],
    ['media', media],
    ['only', only],
    ['visible', visible],
    ['interact', await interactDirective()],
  ]);
  return AstroContainer.create({
    renderers: await loadRenderers([reactContainerRenderer()]),
    // The container reads each manifest field it is given and defaults the rest.
    manifest: { clientDirectives } as unknown as NonNullable<Parameters<typeof AstroContainer.create>[0]>['manifest'],
  });
}
