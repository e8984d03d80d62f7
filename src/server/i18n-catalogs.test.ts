import { parsePo } from 'pofile-ts';
import { describe, expect, it } from 'vitest';
import { catalogProblems, placeholdersOf, problemsOf } from '../../scripts/i18n/catalogs.ts';

/** A PO catalog of one message. */
const po = (msgid: string, msgstr: string) => parsePo(`msgid ""\nmsgstr ""\n\nmsgid "${msgid}"\nmsgstr "${msgstr}"\n`);

describe('the translation checks CI runs (npm run i18n:check)', () => {
  it('fails a message with no translation, in any language but the source', () => {
    expect(problemsOf(po('Book now', ''), 'ja', 'app')).toEqual([
      { locale: 'ja', catalog: 'app', msgid: 'Book now', problem: 'no translation' },
    ]);
    expect(problemsOf(po('Book now', ''), 'en', 'app')).toEqual([]);
    expect(problemsOf(po('Book now', '今すぐ予約'), 'ja', 'app')).toEqual([]);
  });

  it('fails a translation whose placeholders differ from the source', () => {
    const differs = (source: string, translation: string) =>
      problemsOf(po(source, translation), 'es', 'app').map((p) => p.problem);
    expect(differs('Hi {name}', 'Hola {nombre}')).toEqual([
      'placeholders differ: the source has name, the translation nombre',
    ]);
    expect(differs('Hi {name}', 'Hola')).toHaveLength(1);
    expect(differs('Read <0>more</0>', 'Leer más')).toHaveLength(1);
    expect(
      differs('{count, plural, one {# hour} other {# hours}}', '{n, plural, one {# hora} other {# horas}}'),
    ).toHaveLength(1);
    expect(differs('{count, plural, one {# hour} other {# hours}}', '{count} horas')).toHaveLength(1);
    expect(differs('Hi {name}', 'Hola {name')).toEqual([
      expect.stringContaining('translation: not a valid ICU message'),
    ]);
    expect(
      differs(
        'Hi {name}, <0>read</0> {count, plural, one {#} other {#}}',
        '<0>Lee</0>, {name} {count, plural, one {#} other {#}}',
      ),
    ).toEqual([]);
  });

  it('reads placeholders through plurals, selects and tags', () => {
    expect(placeholdersOf('{role, select, PROVIDER {<0>{name}</0>} other {you}} {n, number}')).toEqual([
      '<0>',
      'n:number',
      'name',
      'role:select',
    ]);
  });

  it('finds nothing wrong in the catalogs of this repository', () => {
    expect(catalogProblems()).toEqual([]);
  });
});
