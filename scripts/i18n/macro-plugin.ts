import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import type { Plugin } from 'vite';

/** A file that imports a Lingui macro (only those pay for a Babel pass). */
export const USES_LINGUI_MACRO = /from\s*['"]@lingui\/(?:core|react)\/macro['"]/;

/**
 * Lingui's macros (`t`, `msg`, `plural`, `<Trans>`) compiled by Babel before Vite's own
 * TypeScript/JSX transform (docs/decisions/055-languages.md). @vitejs/plugin-react 6 no longer runs
 * Babel (Vite 8's Oxc does JSX and Fast Refresh), so the macro runs through @rolldown/plugin-babel,
 * and only on files that import a macro. In a production build the messages' English text is
 * left out of the code (`id-only`): the compiled catalogs carry it.
 */
export function linguiMacro(): Promise<Plugin> {
  const preset = defineRolldownBabelPreset({
    preset: () => ({
      plugins: [
        [
          '@lingui/babel-plugin-lingui-macro',
          { descriptorFields: process.env.NODE_ENV === 'production' ? 'id-only' : 'all' },
        ],
      ],
    }),
    rolldown: { filter: { code: USES_LINGUI_MACRO } },
  });
  return babel({ presets: [preset] }) as unknown as Promise<Plugin>;
}
