// The subset of Markdown our articles and posts are written in (headings, paragraphs, `-`
// lists), turned into plain blocks that React renders as text: no HTML from the database ever
// reaches the page as markup.

export type Block =
  | { type: 'heading'; level: 2 | 3; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] };

export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of markdown.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const first = lines[0] as string;
    const heading = /^(#{1,3})\s+(.*)$/.exec(first);
    if (heading && lines.length === 1) {
      blocks.push({
        type: 'heading',
        level: (heading[1] as string).length >= 3 ? 3 : 2,
        text: heading[2] as string,
      });
      continue;
    }
    if (lines.every((line) => /^[-*]\s+/.test(line))) {
      blocks.push({ type: 'list', items: lines.map((line) => line.replace(/^[-*]\s+/, '')) });
      continue;
    }
    if (heading) {
      blocks.push({
        type: 'heading',
        level: (heading[1] as string).length >= 3 ? 3 : 2,
        text: heading[2] as string,
      });
      blocks.push({ type: 'paragraph', text: lines.slice(1).join(' ') });
      continue;
    }
    blocks.push({ type: 'paragraph', text: lines.join(' ') });
  }
  return blocks;
}
