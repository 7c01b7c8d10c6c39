import type { Plugin } from 'vite';

/**
 * Adds `<link rel="preload">` for the bundled font file whose original name matches `pattern`
 * (the Latin subset of Inter), so the browser fetches it beside the scripts instead of only once
 * the first text is drawn, and the swap from the fallback font happens sooner.
 */
export function preloadFont(pattern: RegExp): Plugin {
  return {
    name: 'rowsmith:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'asset' && output.originalFileNames.some((name) => pattern.test(name)),
        );
        if (!font) throw new Error(`No font file in the bundle matches ${String(pattern)}`);
        return [
          {
            tag: 'link',
            injectTo: 'head',
            attrs: {
              rel: 'preload',
              href: `/${font.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
          },
        ];
      },
    },
  };
}
