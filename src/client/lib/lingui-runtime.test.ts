import fs from 'node:fs';
import path from 'node:path';
import { setupI18n as linguiSetup, type Messages } from '@lingui/core';
import { I18nProvider as LinguiProvider, Trans as LinguiTrans } from '@lingui/react';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { intlLocale, LOCALES, type Locale } from '@shared/domain/locales';
import { CATALOGS } from './i18n';
import { I18nProvider, setupI18n, Trans } from './lingui-runtime';

const localesDir = path.resolve('src/locales');

type Token = string | [string, string?, Record<string, unknown>?];

/** Every compiled client catalog of `locale`, merged. */
async function catalogsOf(locale: Locale): Promise<Messages> {
  const files = fs.readdirSync(path.join(localesDir, locale)).filter((file) => file.endsWith('.ts'));
  expect(files.map((file) => file.slice(0, -'.ts'.length)).sort()).toEqual([...CATALOGS].sort());
  const modules = await Promise.all(
    files.map((file) => import(path.join(localesDir, locale, file)) as Promise<{ messages: Messages }>),
  );
  return Object.assign({}, ...modules.map((module) => module.messages)) as Messages;
}

/** The arguments a compiled message names: plurals (and ordinals) apart from the others. */
function argumentsOf(message: unknown, found = { counts: new Set<string>(), others: new Set<string>() }) {
  if (!Array.isArray(message)) return found;
  for (const token of message as Token[]) {
    if (typeof token === 'string') continue;
    const [name, type, cases] = token;
    if (type === 'plural' || type === 'selectordinal') found.counts.add(name);
    else found.others.add(name);
    for (const branch of Object.values(cases ?? {})) argumentsOf(branch, found);
  }
  return found;
}

function both(locale: string, messages: Messages) {
  const options = { locale, locales: [intlLocale(locale as Locale)], messages: { [locale]: messages } };
  return { lingui: linguiSetup(options), ours: setupI18n(options as Parameters<typeof setupI18n>[0]) };
}

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 101, 1000, 1.5, -1];

describe('the browser message runtime', () => {
  it.each(LOCALES)('formats every message of %s exactly as @lingui/core', async (locale) => {
    const messages = await catalogsOf(locale);
    const { lingui, ours } = both(locale, messages);
    let checked = 0;
    const differences: string[] = [];
    for (const id of Object.keys(messages)) {
      const { counts, others } = argumentsOf(messages[id]);
      const valueSets: Record<string, unknown>[] = [{}];
      for (const count of COUNTS) {
        const values: Record<string, unknown> = {};
        for (const name of counts) values[name] = count;
        for (const name of others) values[name] = `‹${name}›`;
        valueSets.push(values);
      }
      if (others.size) valueSets.push(Object.fromEntries([...others].map((name) => [name, 1234.5])));
      for (const values of valueSets) {
        const expected = lingui._(id, values);
        const actual = ours._(id, values);
        const viaDescriptor = ours._({ id, values });
        if (actual !== expected || viaDescriptor !== expected)
          differences.push(`${locale} ${id} ${JSON.stringify(values)}: ${actual} vs ${expected}`);
        checked++;
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it.each(LOCALES)('renders every <Trans> message of %s as @lingui/react', async (locale) => {
    const messages = await catalogsOf(locale);
    const { lingui, ours } = both(locale, messages);
    const tagged = Object.keys(messages).filter((id) => JSON.stringify(messages[id]).match(/<\d+\/?>/));
    expect(tagged.length).toBeGreaterThan(10);
    for (const id of tagged) {
      const indexes = [...JSON.stringify(messages[id]).matchAll(/<(\d+)\/?>/g)].map((match) => match[1]!);
      const components = Object.fromEntries(
        indexes.map((index) => [index, createElement('a', { href: `#${index}`, className: 'link' })]),
      );
      const { counts, others } = argumentsOf(messages[id]);
      const values: Record<string, unknown> = {};
      for (const name of counts) values[name] = 2;
      // Arguments that are elements become tags of their own.
      [...others].forEach((name, i) => (values[name] = i % 2 ? `‹${name}›` : createElement('strong', null, name)));
      type Component = (props: Record<string, unknown>) => ReactNode;
      const render = (provider: unknown, trans: unknown, i18n: unknown) =>
        renderToStaticMarkup(
          createElement(provider as Component, {
            i18n,
            children: createElement(trans as Component, { id, values, components }),
          }),
        );
      expect(render(I18nProvider, Trans, ours), id).toBe(render(LinguiProvider, LinguiTrans, lingui));
    }
  });

  it('formats selects, ordinals, offsets, exact plurals and escapes as @lingui/core', () => {
    const messages = {
      select: [['who', 'select', { her: ['She (#)'], other: ['They ', ['name']] }]],
      ordinal: [['n', 'selectordinal', { one: ['#st'], two: ['#nd'], few: ['#rd'], other: ['#th'] }]],
      offset: [
        [
          'n',
          'plural',
          { offset: 1, 0: ['nobody'], 1: ['only ', ['name']], one: ['#', ' other'], other: ['# others'] },
        ],
      ],
      nested: [
        [
          'n',
          'plural',
          {
            one: [['g', 'select', { a: ['# a'], other: [['m', 'plural', { one: ['# m'], other: ['# ms'] }]] }]],
            other: ['#'],
          },
        ],
      ],
      escaped: ['caf\\u00e9 \\x41'],
      missingValue: ['Hello ', ['name'], '!'],
    } as unknown as Messages;
    for (const locale of ['en', 'pt-BR', 'ja']) {
      const { lingui, ours } = both(locale, messages);
      for (const id of Object.keys(messages)) {
        for (const n of [0, 1, 2, 3, 4, 11, 22, 1234]) {
          for (const values of [{ n, m: n + 1, who: 'her', g: 'a', name: 'Ana' }, { n, m: 1, who: 'x', g: 'b' }, {}]) {
            expect(ours._(id, values), `${locale} ${id} ${JSON.stringify(values)}`).toBe(lingui._(id, values));
          }
        }
      }
    }
  });

  it('says when a message is not in the loaded catalogs, and shows its id', () => {
    const { ours } = both('ja', {});
    const missing = vi.fn();
    ours.on('missing', missing);
    expect(ours._('abc123')).toBe('abc123');
    expect(missing).toHaveBeenCalledWith({ id: 'abc123', locale: 'ja' });
  });

  it('renders the new words when a catalog loads after the first render', async () => {
    const ours = setupI18n({ locale: 'es', locales: ['es'], messages: { es: {} } });
    const changed = vi.fn();
    ours.on('change', changed);
    ours.load('es', { later: ['Más tarde'] } as unknown as Messages);
    expect(changed).toHaveBeenCalled();
    expect(
      renderToStaticMarkup(createElement(I18nProvider, { i18n: ours }, createElement(Trans, { id: 'later' }))),
    ).toBe('Más tarde');
  });
});
