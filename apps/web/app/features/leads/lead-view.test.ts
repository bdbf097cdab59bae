import type { Lead } from '@estately/domain';
import { createTranslator } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { mailtoAddress, toLeadView } from './leads-screen.server.ts';

// What the inbox shows of one lead (issue 10): the offer's title, place and link, the sender, the
// text with plain line ends, and a reply link that cannot be bent into other headers.

const lead = (overrides: Partial<Lead> = {}): Lead => ({
  id: 7,
  source: 'offer_message',
  status: 'new',
  read: false,
  message: 'Is it available?\r\nFriday suits me.',
  messages_count: 1,
  created_at: '2026-11-20T09:30:00.000Z',
  offer: {
    id: 42,
    offer_type: 'rent',
    property_type: 'house',
    street: 'Lipová 3',
    city: 'Brno',
    state: 'active',
  },
  sender: { user_id: null, name: 'Petr Malý', email: 'petr@example.com', phone: '+420 601 111 222' },
  ...overrides,
});

describe('toLeadView', () => {
  const t = createTranslator('en');

  it('names the offer, links its page and quotes the message in the reply', () => {
    const view = toLeadView(lead(), 'en', t);
    expect(view).toMatchObject({
      title: 'House for rent',
      place: 'Lipová 3, Brno',
      offerHref: '/en/property/42',
      senderName: 'Petr Malý',
      source: t('leads.source.offer_message'),
      message: 'Is it available?\nFriday suits me.',
      read: false,
    });
    const reply = new URL(view.replyHref);
    expect(reply.pathname).toBe('petr@example.com');
    expect(reply.searchParams.get('subject')).toBe(
      t('leads.reply_subject', { title: 'House for rent, Lipová 3, Brno' }),
    );
    expect(reply.searchParams.get('body')).toBe('\n\n> Is it available?\n> Friday suits me.');
  });

  it('leaves out the link of an offer that is not public, and the body of an empty message', () => {
    const view = toLeadView(
      lead({
        message: null,
        offer: { ...lead().offer, state: 'paused' },
        sender: { ...lead().sender, name: null },
      }),
      'en',
      t,
    );
    expect(view.offerHref).toBeNull();
    expect(view.senderName).toBe('petr@example.com');
    expect(new URL(view.replyHref).searchParams.has('body')).toBe(false);
  });

  it('formats the date in the page’s locale', () => {
    expect(toLeadView(lead(), 'cs', createTranslator('cs')).received).toMatch(/20\. ?11\. ?2026/);
  });
});

describe('mailtoAddress', () => {
  it('keeps anything after the address from becoming a header', () => {
    expect(mailtoAddress('a@example.com?bcc=x@example.com')).toBe(
      'mailto:a@example.com%3Fbcc%3Dx%40example.com',
    );
  });
});
