import type { LeadThreadSummary } from '@estately/domain';
import { createTranslator } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { mailtoAddress, toLeadView } from './leads-screen.server.ts';

// What the inbox shows of one conversation (issue 10, issue 38 point 10): the offer's title,
// place and link, the buyer, the status and unread count, the last message, and the link to the
// conversation.

const thread = (overrides: Partial<LeadThreadSummary> = {}): LeadThreadSummary => ({
  id: 7,
  status: 'new',
  offer: {
    id: 42,
    offer_type: 'rent',
    property_type: 'house',
    street: 'Lipová 3',
    city: 'Brno',
    state: 'active',
  },
  buyer: {
    user_id: null,
    name: 'Petr Malý',
    email: 'petr@example.com',
    phone: '+420 601 111 222',
    locale: 'cs',
  },
  unread: 2,
  messages_count: 3,
  viewing_requested: false,
  last_message: { side: 'buyer', excerpt: 'Is it available? Friday suits me.' },
  created_at: '2026-11-19T09:30:00.000Z',
  last_message_at: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

describe('toLeadView', () => {
  const t = createTranslator('en');

  it('names the offer, links its page and the conversation, and counts the unread messages', () => {
    const view = toLeadView(thread(), 'en', t);
    expect(view).toMatchObject({
      title: 'House for rent',
      place: 'Lipová 3, Brno',
      offerHref: '/en/property/42',
      senderName: 'Petr Malý',
      source: t('leads.source.offer_message'),
      message: 'Is it available? Friday suits me.',
      read: false,
      unread: 2,
      unreadText: '2 unread messages',
      status: 'new',
      statusText: 'New',
      threadHref: '/en/account/leads/7',
      emailHref: 'mailto:petr@example.com',
    });
  });

  it('says the seller wrote last, a viewing request, and leaves out the link of an offer that is not public', () => {
    const view = toLeadView(
      thread({
        unread: 0,
        status: 'viewing_booked',
        viewing_requested: true,
        last_message: { side: 'seller', excerpt: 'Friday at five.' },
        offer: { ...thread().offer, state: 'paused' },
        buyer: { ...thread().buyer, name: null },
      }),
      'en',
      t,
    );
    expect(view).toMatchObject({
      read: true,
      offerHref: null,
      senderName: 'petr@example.com',
      message: 'You: Friday at five.',
      statusText: 'Viewing booked',
      source: t('leads.source.tour_request'),
    });
  });

  it('formats the date and the plural in the page’s locale', () => {
    const cs = createTranslator('cs');
    const view = toLeadView(thread(), 'cs', cs);
    expect(view.received).toMatch(/20\. ?11\. ?2026/);
    expect(view.unreadText).toBe('2 nepřečtené zprávy');
    expect(toLeadView(thread({ unread: 5 }), 'cs', cs).unreadText).toBe('5 nepřečtených zpráv');
  });
});

describe('mailtoAddress', () => {
  it('keeps anything after the address from becoming a header', () => {
    expect(mailtoAddress('a@example.com?bcc=x@example.com')).toBe(
      'mailto:a@example.com%3Fbcc%3Dx%40example.com',
    );
  });
});
