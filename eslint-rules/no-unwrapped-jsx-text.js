/**
 * Words on screen go through Lingui (docs/decisions/055-languages.md): a JSX text with letters, or
 * a string with letters in an attribute people read (aria-label, title, placeholder, alt, label),
 * must be inside <Trans> or come from `t`. Names that are never translated (the brand) are allowed.
 */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);
const NEVER_TRANSLATED = new Set(['Locora']);
const hasWords = (text) => /\p{L}/u.test(text) && !NEVER_TRANSLATED.has(text.trim());

function insideTrans(node) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type === 'JSXElement' && parent.openingElement.name.type === 'JSXIdentifier') {
      if (parent.openingElement.name.name === 'Trans') return true;
    }
  }
  return false;
}

/** The constant text of an attribute value or child expression, if it is one. */
function constantText(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? '';
  if (node.type === 'JSXExpressionContainer') return constantText(node.expression);
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Words in JSX go through Lingui (<Trans> or t)' },
    messages: {
      text: 'Untranslated text in JSX: wrap it in <Trans> (from @lingui/react/macro).',
      attribute: 'Untranslated {{name}}: use t`…` from useLingui() (@lingui/react/macro).',
    },
    schema: [],
  },
  create(context) {
    return {
      JSXText(node) {
        if (hasWords(node.value) && !insideTrans(node)) context.report({ node, messageId: 'text' });
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        const text = constantText(node.expression);
        if (text !== undefined && hasWords(text) && !insideTrans(node)) context.report({ node, messageId: 'text' });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : undefined;
        if (!name || !READ_ATTRIBUTES.has(name)) return;
        const text = constantText(node.value);
        if (text !== undefined && hasWords(text)) context.report({ node, messageId: 'attribute', data: { name } });
      },
    };
  },
};
