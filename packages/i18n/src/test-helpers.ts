import { IntlMessageFormat } from 'intl-messageformat';

// Reads ICU ASTs for the catalog tests. Element types of @formatjs/icu-messageformat-parser:
// 0 literal, 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 7 pound, 8 tag.
type Element = {
  type: number;
  value?: string;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
};

export function parseMessage(message: string, tag: string): Element[] {
  return new IntlMessageFormat(message, tag, undefined, { ignoreTag: true }).getAst() as Element[];
}

/** Names of the arguments a message uses ({name}, {count, plural, ...}). */
export function argumentNames(elements: Element[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type >= 1 && element.type <= 6 && element.value) into.add(element.value);
    if (element.options)
      for (const option of Object.values(element.options)) argumentNames(option.value, into);
    if (element.children) argumentNames(element.children, into);
  }
  return into;
}

/** Option keys of every plural in a message, e.g. [["=0", "one", "other"]]. */
export function pluralOptionSets(elements: Element[], into: string[][] = []): string[][] {
  for (const element of elements) {
    if (element.type === 6 && element.options) into.push(Object.keys(element.options));
    if (element.options)
      for (const option of Object.values(element.options)) pluralOptionSets(option.value, into);
  }
  return into;
}

/** The literal text of a message, without placeholders. */
export function literalText(elements: Element[]): string {
  let text = '';
  for (const element of elements) {
    if (element.type === 0 && element.value) text += element.value;
    if (element.options)
      for (const option of Object.values(element.options)) text += ` ${literalText(option.value)}`;
  }
  return text;
}
