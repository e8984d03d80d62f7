import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
// eslint-disable-next-line no-restricted-imports -- the reference our icons are compared with
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { generate, OUTPUT, usedIcons } from '../../../scripts/icons.mjs';
import * as icons from './icons';

/** An element's tag and attributes (sorted), and its children, from static markup. */
function parse(markup: string) {
  const elements = [...markup.matchAll(/<(\w+)((?:\s[\w:-]+="[^"]*")*)\s*\/?>/g)].map(([, tag, attributes]) => ({
    tag,
    attributes: [...(attributes ?? '').matchAll(/\s([\w:-]+)="([^"]*)"/g)].map(([, k, v]) => `${k}=${v}`).sort(),
  }));
  return elements;
}

/** lucide-react's markup without its own class names (lucide lucide-menu), which nothing reads or styles. */
function lucideMarkup(component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>) {
  return renderToStaticMarkup(createElement(component, props)).replace(/ class="([^"]*)"/, (_, classes: string) => {
    const rest = classes.split(' ').filter((name) => name !== 'lucide' && !name.startsWith('lucide-'));
    return rest.length ? ` class="${rest.join(' ')}"` : '';
  });
}

describe('icons', () => {
  it('are the icons the sources import (run node scripts/icons.mjs if not)', async () => {
    const files = (await (generate as () => Promise<Map<string, string>>)()) as Map<string, string>;
    const onDisk = fs.readdirSync(OUTPUT as string).map((name) => path.join(OUTPUT as string, name));
    expect(onDisk.sort()).toEqual([...files.keys()].sort());
    for (const [file, source] of files) expect(fs.readFileSync(file, 'utf8'), file).toBe(source);
    expect((usedIcons as () => string[])().length).toBeGreaterThan(80);
  });

  const drawn = Object.entries(icons) as [string, ComponentType<Record<string, unknown>>][];
  const cases: Record<string, unknown>[] = [
    {},
    { className: 'size-4 text-primary' },
    { 'aria-label': 'Close' },
    { className: 'size-3', strokeWidth: 1.5, 'aria-hidden': 'true' },
    { size: 16, role: 'img', title: 'Rating' },
  ];

  it.each(cases)('draw what lucide-react draws, with the same attributes (%o)', (props) => {
    const differences: string[] = [];
    for (const [name, component] of drawn) {
      const original = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name];
      expect(original, name).toBeDefined();
      const ours = parse(renderToStaticMarkup(createElement(component, props)));
      const theirs = parse(lucideMarkup(original!, props));
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) differences.push(name);
    }
    expect(drawn.length).toBeGreaterThan(80);
    expect(differences).toEqual([]);
  });
});
