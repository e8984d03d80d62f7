import {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';

/*
 * The browser's Lingui: what the client build uses in place of `@lingui/core` and `@lingui/react`
 * (vite.config.ts aliases both here; the server, dev and the tests keep Lingui's own). It formats
 * Lingui's compiled catalogs as Lingui does, for what our catalogs hold: arguments, plurals
 * (with `#`), selects and ordinals (lingui-runtime.test.ts checks every message of every locale
 * against `@lingui/core`, and `<Trans>` against `@lingui/react`). Lingui's runtime, its React
 * binding and the useSyncExternalStore shim it brings took 1.8 kB gzip more of the first load than
 * this (docs/decisions/055-languages.md, addendum on the first load). A formatter Lingui has and
 * this has not (`{n, number}`, `{d, date}`) fails that test the day a catalog uses one.
 */

type Token = string | [name: string, type?: string, format?: unknown];
type CompiledMessage = string | Token[];
export type Messages = Record<string, CompiledMessage>;
type Values = Record<string, unknown>;
type Descriptor = { id: string; message?: string; values?: Values };
type Listener = (payload?: unknown) => void;

/** As Lingui does to every message it formats: `\u00e9` and `\xe9` written out become the character. */
const decodeEscapes = (text: string) =>
  text.replace(/\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g, (_, unicode?: string, hex?: string) =>
    String.fromCharCode(parseInt(unicode ?? hex!, 16)),
  );

const has = (object: object | undefined, key: string) => !!object && Object.prototype.hasOwnProperty.call(object, key);

/** One Intl.PluralRules per locales and type, as Lingui caches them. */
const pluralRules = new Map<string, Intl.PluralRules>();
/** One Intl.NumberFormat per locales, for `#` in a plural. */
const numberFormats = new Map<string, Intl.NumberFormat>();

export class I18n {
  /** The active locale, and the locales Intl formats with (set by `activate`). */
  locale = '';
  locales: string[] | undefined;
  _messages: Record<string, Messages> = Object.create(null) as Record<string, Messages>;
  _listeners: Record<string, Set<Listener>> = {};

  on(event: string, listener: Listener) {
    (this._listeners[event] ??= new Set()).add(listener);
    return () => this._listeners[event]?.delete(listener);
  }

  emit(event: string, payload?: unknown) {
    for (const listener of [...(this._listeners[event] ?? [])]) listener.call(this, payload);
  }

  load(locale: string, messages: Messages) {
    this._messages[locale] = { ...this._messages[locale], ...messages };
    this.emit('change');
  }

  activate(locale: string, locales?: string[]) {
    this.locale = locale;
    this.locales = locales;
    this.emit('change');
  }

  _(idOrDescriptor: string | Descriptor, values?: Values, options?: { message?: string }): string {
    let id = idOrDescriptor as string;
    let message = options?.message;
    if (typeof idOrDescriptor !== 'string') {
      values = idOrDescriptor.values || values;
      message = idOrDescriptor.message;
      id = idOrDescriptor.id;
    }
    const messages = this._messages[this.locale];
    const compiled = has(messages, id) ? messages![id] : undefined;
    if (compiled === undefined) this.emit('missing', { id, locale: this.locale });
    const translation = compiled || message || id;
    if (typeof translation === 'string') return decodeEscapes(translation);
    const locales = [...(this.locales ?? [this.locale]), 'en'];
    const key = locales.join('-');
    const pick = (value: unknown, cases: Record<string, CompiledMessage>, ordinal: boolean): CompiledMessage => {
      const type = ordinal ? 'ordinal' : 'cardinal';
      let rules = pluralRules.get(`${type}-${key}`);
      if (!rules) pluralRules.set(`${type}-${key}`, (rules = new Intl.PluralRules(locales, { type })));
      const offset = Number(cases.offset ?? 0);
      return (
        cases[value as string] ?? cases[rules.select((value as number) - offset)] ?? (cases.other as CompiledMessage)
      );
    };
    const format = (tokens: CompiledMessage | undefined, count?: number): string => {
      if (!Array.isArray(tokens)) return tokens ?? '';
      let text = '';
      for (const token of tokens) {
        if (token === '#' && count !== undefined) {
          let numbers = numberFormats.get(key);
          if (!numbers) numberFormats.set(key, (numbers = new Intl.NumberFormat(locales)));
          text += numbers.format(count);
        } else if (typeof token === 'string') {
          text += token;
        } else {
          const [name, type] = token;
          const cases = (token[2] ?? {}) as Record<string, CompiledMessage>;
          const value = has(values, name) ? values![name] : undefined;
          if (type === 'plural' || type === 'selectordinal') {
            text += format(pick(value, cases, type !== 'plural'), (value as number) - Number(cases.offset ?? 0));
          } else if (type === 'select') {
            text += format(has(cases, value as string) ? cases[value as string] : cases.other);
          } else if (value != null) {
            text += value as string;
          }
        }
      }
      return text;
    };
    return decodeEscapes(format(translation));
  }

  t = this._.bind(this);
}

export function setupI18n(
  params: { locale?: string; locales?: string[]; messages?: Record<string, Messages> } = {},
): I18n {
  const i18n = new I18n();
  for (const [locale, messages] of Object.entries(params.messages ?? {})) i18n.load(locale, messages);
  if (params.locale) i18n.activate(params.locale, params.locales);
  return i18n;
}

/** The browser's one instance (`t` from `@lingui/core/macro` reads it). */
export const i18n = setupI18n();

type LinguiValue = { i18n: I18n; _: I18n['_'] };
const LinguiContext = createContext<LinguiValue | null>(null);

/** The words of `useLingui()`: a new value whenever the instance changes (a catalog loaded). */
function snapshot(i18n: I18n): LinguiValue {
  // A new object each time, so that what depends on `i18n` recomputes, as with Lingui's own.
  return { i18n: new Proxy(i18n, {}), _: i18n._.bind(i18n) };
}

/** What `I18nProvider` subscribes to: the instance's value, renewed on every change. */
function storeOf(i18n: I18n) {
  let shown = i18n.locale;
  let value = snapshot(i18n);
  const renew = () => {
    shown = i18n.locale;
    value = snapshot(i18n);
  };
  const get = () => {
    if (shown !== i18n.locale) renew();
    return value;
  };
  const subscribe = (changed: () => void) =>
    i18n.on('change', () => {
      renew();
      changed();
    });
  return { get, subscribe };
}

export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  const store = useMemo(() => storeOf(i18n), [i18n]);
  const value = useSyncExternalStore(store.subscribe, store.get, store.get);
  if (!value.i18n.locale) return null;
  return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>;
}

export function useLingui(): LinguiValue {
  return useContext(LinguiContext)!;
}

const TAG = /<([a-zA-Z0-9_](?:[\w.-]*\w)?)>([\s\S]*?)<\/\1>|<([a-zA-Z0-9_](?:[\w.-]*\w)?)\/>/;
const VOID_TAGS = /^(area|base|br|col|embed|hr|img|input|keygen|link|meta|param|source|track|wbr|menuitem)$/;

/** A translation's numbered tags (`<0>…</0>`, `<1/>`) as the elements the message gave them. */
function formatElements(text: string, elements: Record<string, ReactNode>): ReactNode {
  const parts = text.split(TAG);
  if (parts.length === 1) return text;
  const tree: ReactNode[] = [];
  let key = 0;
  const before = parts.shift();
  if (before) tree.push(before);
  for (let i = 0; i < parts.length; i += 4) {
    const [paired, inner, unpaired, after] = parts.slice(i, i + 4);
    const index = paired || unpaired;
    let element = index !== undefined && has(elements, index) ? elements[index] : undefined;
    if (!element || (VOID_TAGS.test(String((element as ReactElement).type)) && inner)) {
      // A translation's tag that the message has not, or that wraps words in an <input>.
      console.error(`A translation's tag <${index}> has no element to show`);
      element = createElement(Fragment);
    }
    if (Array.isArray(element)) element = createElement(Fragment, null, element);
    const el = element as ReactElement<{ children?: ReactNode }>;
    tree.push(
      cloneElement(el, { key: `$lingui$_${key++}` }, inner ? formatElements(inner, elements) : el.props.children),
    );
    if (after) tree.push(after);
  }
  return tree.length === 1 ? tree[0] : tree;
}

/** What Lingui's `<Trans>` macro compiles to: the message, its values and its numbered elements. */
export function Trans({
  id,
  message,
  values,
  components,
}: {
  id: string;
  message?: string;
  values?: Values;
  components?: Record<string, ReactNode>;
}) {
  const { i18n } = useLingui();
  let elements = components ?? {};
  let texts = values;
  if (values) {
    // Values that are elements become numbered tags of their own.
    texts = { ...values };
    elements = { ...components };
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string' || typeof value === 'number') continue;
      const index = Object.keys(elements).length;
      elements[index] = createElement(Fragment, null, value as ReactNode);
      texts[name] = `<${index}/>`;
    }
  }
  const translation = i18n._(id, texts, { message });
  return translation ? formatElements(translation, elements) : null;
}
