import { clsx, type ClassValue } from 'clsx';
import { twMergeConfig } from './tw-merge-config';

/*
 * tailwind-merge's merge (its `mergeClassList`, `parseClassName` and `sortModifiers`, without a
 * prefix) over a table of the classes the app uses (scripts/tw-merge-config.mjs writes it from the
 * sources; utils.test.ts checks the file is current and that every pair of those classes merges as
 * the default twMerge does). The library's default config is 7 kB gzip of the first load, and its
 * runtime, which turns a config into a tree of class parts, another 2 kB
 * (docs/decisions/026-declarative-router-and-lean-class-merge.md, 055's addendum on the first load).
 */
const { classGroups, conflictingClassGroups, conflictingClassGroupModifiers, orderSensitiveModifiers } =
  twMergeConfig as {
    classGroups: string[];
    conflictingClassGroups: Record<string, number[]>;
    conflictingClassGroupModifiers: Record<string, number[]>;
    postfixLookupClassGroups: number[];
    orderSensitiveModifiers: string[];
  };
const postfixLookup = new Set<GroupId>(twMergeConfig.postfixLookupClassGroups);

type GroupId = number | string;

/** The group of each class the app uses: its index in the table ('gap- 1 2' is gap-1 and gap-2). */
const groupOfClass = new Map<string, GroupId>();
classGroups.forEach((classes, group) => {
  const [prefix, ...rests] = classes.split(' ');
  for (const rest of rests) groupOfClass.set(prefix + rest, group);
});

function groupOf(name: string): GroupId | undefined {
  if (name.startsWith('[') && name.endsWith(']')) {
    // An arbitrary property ([mask-type:luminance]) is a group of its own per property.
    const colon = name.indexOf(':');
    return colon > 1 ? `arbitrary..${name.slice(1, colon)}` : undefined;
  }
  // A leading "-" is a negative value of the same utility.
  return groupOfClass.get(name.length > 1 && name.startsWith('-') ? name.slice(1) : name);
}

const orderSensitive = new Set(orderSensitiveModifiers);

/** Variants in a canonical order: sorted, except around arbitrary and order-sensitive ones. */
function sortModifiers(modifiers: string[]): string[] {
  const result: string[] = [];
  let segment: string[] = [];
  for (const modifier of modifiers) {
    if (modifier.startsWith('[') || orderSensitive.has(modifier)) {
      result.push(...segment.sort(), modifier);
      segment = [];
    } else {
      segment.push(modifier);
    }
  }
  result.push(...segment.sort());
  return result;
}

/** A class's variants (`md:hover:`), important mark and utility, and where a `/modifier` starts. */
function parseClassName(className: string) {
  const modifiers: string[] = [];
  let brackets = 0;
  let parens = 0;
  let start = 0;
  let postfix: number | undefined;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (brackets === 0 && parens === 0) {
      if (c === ':') {
        modifiers.push(className.slice(start, i));
        start = i + 1;
        continue;
      }
      if (c === '/') {
        postfix = i;
        continue;
      }
    }
    if (c === '[') brackets++;
    else if (c === ']') brackets--;
    else if (c === '(') parens++;
    else if (c === ')') parens--;
  }
  let base = modifiers.length === 0 ? className : className.slice(start);
  let important = false;
  if (base.endsWith('!')) {
    base = base.slice(0, -1);
    important = true;
  } else if (base.startsWith('!')) {
    base = base.slice(1);
    important = true;
  }
  return { modifiers, important, base, postfix: postfix && postfix > start ? postfix - start : undefined };
}

function conflictsOf(group: GroupId, hasPostfix: boolean): number[] {
  const base = conflictingClassGroups[group] ?? [];
  const modifier = hasPostfix ? conflictingClassGroupModifiers[group] : undefined;
  return modifier ? [...base, ...modifier] : base;
}

/** Keeps the last class of each group (per variants), and the classes of no group. */
function mergeClassList(classList: string): string {
  const taken: string[] = [];
  let result = '';
  const names = classList.trim().split(/\s+/);
  for (let index = names.length - 1; index >= 0; index--) {
    const className = names[index]!;
    const { modifiers, important, base, postfix } = parseClassName(className);
    let hasPostfix = !!postfix;
    let group: GroupId | undefined;
    if (hasPostfix) {
      group = groupOf(base.slice(0, postfix));
      const withPostfix = group !== undefined && postfixLookup.has(group) ? groupOf(base) : undefined;
      if (withPostfix !== undefined && withPostfix !== group) {
        group = withPostfix;
        hasPostfix = false;
      }
    } else {
      group = groupOf(base);
    }
    if (group === undefined && hasPostfix) {
      group = groupOf(base);
      hasPostfix = false;
    }
    if (group !== undefined) {
      const variants = modifiers.length < 2 ? (modifiers[0] ?? '') : sortModifiers(modifiers).join(':');
      const modifierId = important ? `${variants}!` : variants;
      const classId = `${modifierId} ${group}`;
      if (taken.includes(classId)) continue;
      taken.push(classId);
      for (const other of conflictsOf(group, hasPostfix)) taken.push(`${modifierId} ${other}`);
    }
    result = result ? `${className} ${result}` : className;
  }
  return result;
}

const merged = new Map<string, string>();

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  const classList = clsx(inputs);
  let result = merged.get(classList);
  if (result === undefined) {
    if (merged.size >= 500) merged.clear();
    result = mergeClassList(classList);
    merged.set(classList, result);
  }
  return result;
}
