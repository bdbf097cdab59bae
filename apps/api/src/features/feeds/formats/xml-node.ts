/**
 * One element of a listing as the streaming reader collects it: the reader never builds a
 * tree of the file, only of one `<immobilie>` at a time. Names are local (a namespace prefix
 * is dropped), attributes as written.
 */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** The name without its namespace prefix (`oi:immobilie` -> `immobilie`). */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Every element at a slash path below `node` (`preise/kaufpreis`), in document order. */
export function findAll(node: XmlNode | undefined, path: string): XmlNode[] {
  if (!node) return [];
  let current: XmlNode[] = [node];
  for (const step of path.split('/')) {
    current = current.flatMap((parent) => parent.children.filter((child) => child.name === step));
  }
  return current;
}

/** The first element at a slash path below `node`. */
export function find(node: XmlNode | undefined, path: string): XmlNode | undefined {
  return findAll(node, path)[0];
}

/** The trimmed text of the element at `path`; undefined when absent or empty. */
export function textAt(node: XmlNode | undefined, path: string): string | undefined {
  const text = find(node, path)?.text.trim();
  return text ? text : undefined;
}

/** An attribute's trimmed value, looked up case-insensitively (feeds write `KAUF` and `kauf`). */
export function attribute(node: XmlNode | undefined, name: string): string | undefined {
  if (!node) return undefined;
  const exact = node.attributes[name];
  if (exact !== undefined) return exact.trim() || undefined;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(node.attributes)) {
    if (key.toLowerCase() === lower) return value.trim() || undefined;
  }
  return undefined;
}

/** An OpenImmo boolean (`true`, `1`; xs:boolean). */
export function isTrue(value: string | undefined): boolean {
  return value === 'true' || value === '1' || value === 'TRUE' || value === 'True';
}

/** The attribute names of `node` whose value is true, upper-cased: `<befeuerung GAS="true"/>` -> `['GAS']`. */
export function trueFlags(node: XmlNode | undefined): string[] {
  if (!node) return [];
  return Object.entries(node.attributes)
    .filter(([, value]) => isTrue(value.trim()))
    .map(([key]) => key.toUpperCase());
}
