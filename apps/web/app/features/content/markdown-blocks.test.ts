import { describe, expect, it } from 'vitest';
import { markdownBlocks } from './markdown-blocks.ts';

describe('markdownBlocks', () => {
  it('reads headings, paragraphs and lists, and keeps markup as text', () => {
    expect(
      markdownBlocks('## Úvod\n\nPrvní věta\npokračuje.\n\n- jedna\n- dvě\n\n### Detail\n\n<b>tučně</b>'),
    ).toEqual([
      { type: 'heading', level: 2, text: 'Úvod' },
      { type: 'paragraph', text: 'První věta pokračuje.' },
      { type: 'list', items: ['jedna', 'dvě'] },
      { type: 'heading', level: 3, text: 'Detail' },
      { type: 'paragraph', text: '<b>tučně</b>' },
    ]);
  });
});
