import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { UNTRANSLATED_FILES } from '../../eslint-rules/untranslated-files.js';

/**
 * Words on screen go through Lingui because lint fails on one that does not (decision 055). These
 * lint planted components with the project's own configuration.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const RULE = 'locora/no-unwrapped-jsx-text';

async function untranslated(code: string, file = 'src/client/components/planted.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  if (!result) throw new Error('ESLint returned no result');
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`ESLint could not parse: ${fatal[0]?.message}`);
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('words in JSX go through Lingui (locora/no-unwrapped-jsx-text)', () => {
  it('refuses bare text, a string child and a readable attribute', async () => {
    const errors = await untranslated(
      [
        'export function Planted() {',
        '  return (',
        '    <div>',
        '      <p>Book now</p>',
        "      <p>{'Or later'}</p>",
        '      <button aria-label="Close" title={`Close the dialog`}>x</button>',
        '      <input placeholder="Search" />',
        '      <img alt="A beach" src="/a.png" />',
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    // 'x' counts too: every letter is someone's word.
    expect(errors).toHaveLength(7);
    expect(errors[0]).toContain('wrap it in <Trans>');
    expect(errors).toContainEqual(expect.stringContaining('aria-label'));
  });

  it('lets <Trans>, t, symbols, numbers and the brand through', async () => {
    const errors = await untranslated(
      [
        "import { Trans, useLingui } from '@lingui/react/macro';",
        'export function Planted({ count }: { count: number }) {',
        '  const { t } = useLingui();',
        '  return (',
        '    <div aria-label={t`Main`} title={t`Close`}>',
        '      <p><Trans>Book <b>now</b>, {count} left</Trans></p>',
        '      <span>·</span> <span>{count}</span> <span>© 2026 —</span> <span>Locora</span>',
        '      <div className="px-4" id="main" />',
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('skips only the screens not converted yet, each of which exists', async () => {
    const code = 'export const Planted = () => <p>Book now</p>;\n';
    const [pending] = UNTRANSLATED_FILES;
    if (pending) expect(await untranslated(code, pending)).toEqual([]);
    expect(await untranslated(code, 'src/client/pages/planted.tsx')).toHaveLength(1);
    const fs = await import('node:fs');
    for (const file of UNTRANSLATED_FILES) expect(fs.existsSync(`${root}${file}`), file).toBe(true);
  });
});
