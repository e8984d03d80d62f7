import { describe, expect, it } from 'vitest';
import {
  ILLUSTRATION_CATEGORIES,
  ILLUSTRATION_VARIANTS,
  avatarPath,
  escapeXml,
  isIllustrationCategory,
  renderAvatar,
  renderServiceIllustration,
  servicePhotoPath,
} from './illustrations.ts';

/** A small well-formedness check: every tag closes in order, attributes are quoted, no stray '<' or '&'. */
function assertWellFormed(xml: string) {
  expect(xml.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(xml.endsWith('</svg>')).toBe(true);
  expect(xml).not.toMatch(/NaN|undefined|Infinity|\[object/);
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    // Text content may only contain escaped entities.
    expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)|>/);
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 80)}`);
    const [whole, closing, name, , selfClosing] = m;
    if (closing) {
      expect(stack.pop(), `closing </${name}>`).toBe(name);
    } else if (!selfClosing) {
      stack.push(name as string);
    }
    i = lt + whole.length;
  }
  expect(stack).toEqual([]);
}

describe('service illustrations', () => {
  it('render every category and variant as a well-formed 800x600 SVG', () => {
    for (const category of ILLUSTRATION_CATEGORIES) {
      for (let n = 1; n <= ILLUSTRATION_VARIANTS; n++) {
        const svg = renderServiceIllustration(category, n);
        assertWellFormed(svg);
        expect(svg).toContain('viewBox="0 0 800 600"');
        expect(svg.length).toBeGreaterThan(2000); // a real scene, not an empty box
        expect(svg.length).toBeLessThan(60_000);
      }
    }
  });

  it('are deterministic, and variants differ', () => {
    for (const category of ILLUSTRATION_CATEGORIES) {
      expect(renderServiceIllustration(category, 3)).toBe(renderServiceIllustration(category, 3));
      const variants = new Set(
        Array.from({ length: ILLUSTRATION_VARIANTS }, (_, i) => renderServiceIllustration(category, i + 1)),
      );
      expect(variants.size).toBe(ILLUSTRATION_VARIANTS);
    }
  });

  it('renders variants beyond the designed range too', () => {
    assertWellFormed(renderServiceIllustration('yoga', 999));
  });

  it('builds the paths the routes serve', () => {
    expect(servicePhotoPath('private-chef', 3)).toBe('/media/services/private-chef/3.svg');
    expect(avatarPath('paolo-rossi', 'PR')).toBe('/media/avatars/paolo-rossi.svg?i=PR');
    expect(avatarPath('x')).toBe('/media/avatars/x.svg');
    expect(isIllustrationCategory('massage')).toBe(true);
    expect(isIllustrationCategory('surfing')).toBe(false);
  });
});

describe('avatars', () => {
  it('draw the given initials on a deterministic square', () => {
    const svg = renderAvatar('marta-silva', 'MS');
    assertWellFormed(svg);
    expect(svg).toContain('viewBox="0 0 128 128"');
    expect(svg).toContain('>MS</text>');
    expect(renderAvatar('marta-silva', 'MS')).toBe(svg);
    expect(renderAvatar('joao-ferreira', 'MS')).not.toBe(svg);
  });

  it('derive initials from the seed when none are given', () => {
    expect(renderAvatar('ana-lopez')).toContain('>AL</text>');
  });

  it('escape user-derived text', () => {
    const svg = renderAvatar('x', '<&"');
    assertWellFormed(svg);
    expect(svg).toContain('&lt;&amp;&quot;');
    expect(svg).not.toContain('<&');
  });

  it('keep at most three characters, counting code points', () => {
    expect(renderAvatar('x', 'ABCDEFG')).toContain('>ABC</text>');
    expect(renderAvatar('x', 'ŁŻ')).toContain('>ŁŻ</text>');
  });
});

describe('text helpers', () => {
  it('escapeXml escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
