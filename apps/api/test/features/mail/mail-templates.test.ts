import { LOCALES, type Locale } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import type { EmailJobPayload, EmailTemplate } from '../../../src/features/mail/enqueue-email.ts';
import { EMAIL_TEMPLATES } from '../../../src/features/mail/enqueue-email.ts';
import { parseEmailPayload } from '../../../src/features/mail/parse-email-payload.ts';
import { renderEmail } from '../../../src/features/mail/render-email.ts';

// Every template renders in every one of the 30 locales: subject, HTML and plain text in the
// locale's language, data escaped, links absolute, Arabic right to left.

const web = 'https://www.estately.example';
const hostile = '<script>alert(1)</script> & "quotes"';

function payload(template: EmailTemplate, locale: Locale): EmailJobPayload {
  const to = 'someone@estately.example';
  switch (template) {
    case 'offer_message':
      return {
        template,
        to,
        locale,
        replyTo: 'visitor@example.com',
        data: {
          offer_id: 7,
          offer_url: `${web}/${locale}/property/7`,
          offer_type: 'rent',
          property_type: 'house',
          address: 'Vinohradská 12, Praha',
          recipient_name: 'Jana',
          lead_id: 3,
          message_id: 4,
          sender_name: hostile,
          sender_email: 'visitor@example.com',
          sender_phone: '+420 777 888 999',
          text: `Hello\n${hostile}`,
          tour_date: '2026-12-24T10:00:00.000Z',
        },
      };
    case 'lead_reply':
      return {
        template,
        to,
        locale,
        data: {
          thread_id: 5,
          message_id: 9,
          thread_url: `${web}/${locale}/messages/abc`,
          offer_url: `${web}/${locale}/property/7`,
          offer_type: 'sale',
          property_type: 'apartment',
          address: 'Vinohradská 12, Praha',
          seller_name: hostile,
          buyer_name: 'Eva',
          text: `Yes, come on Friday\n${hostile}`,
        },
      };
    case 'lead_answer':
      return {
        template,
        to,
        locale,
        data: {
          thread_id: 5,
          message_id: 10,
          thread_url: `${web}/${locale}/account/leads/5`,
          offer_type: 'rent',
          property_type: 'house',
          address: '',
          recipient_name: null,
          buyer_name: hostile,
          text: 'Thank you, see you then.',
        },
      };
    // Issue 44 point 3: a shared search board's invitation.
    case 'board_invitation':
      return {
        template,
        to,
        locale,
        data: {
          board_name: hostile,
          inviter_name: 'Eva Nováková',
          accept_url: `${web}/${locale}/board-invitation/abc`,
          expires_in_days: 7,
        },
      };
    case 'availability_check':
    case 'availability_withdrawn': {
      const offer = {
        property_id: 7,
        offer_url: `${web}/${locale}/property/7`,
        offers_url: `${web}/${locale}/account/my-offers`,
        offer_type: 'sale',
        property_type: 'apartment',
        address: hostile,
        recipient_name: 'Jana',
      };
      return template === 'availability_check'
        ? {
            template,
            to,
            locale,
            data: {
              ...offer,
              available_url: `${web}/${locale}/availability/1.available.2.k.m`,
              sold_url: `${web}/${locale}/availability/1.sold.2.k.m`,
              updated_at: '2026-11-20T10:00:00.000Z',
              unconfirmed_at: '2026-12-11T10:00:00.000Z',
              withdraw_at: '2027-01-03T10:00:00.000Z',
            },
          }
        : { template, to, locale, data: { ...offer, asked_at: '2026-12-04T10:00:00.000Z' } };
    }
    case 'confirm_email':
      return {
        template,
        to,
        locale,
        data: { confirmUrl: `/${locale}/auth/confirm-email/t1`, expiresInHours: 48 },
      };
    case 'change_email':
      return {
        template,
        to,
        locale,
        data: {
          confirmUrl: `${web}/${locale}/auth/confirm-email/t2`,
          newEmail: 'new@example.com',
          expiresInHours: 24,
        },
      };
    case 'email_changed':
      return { template, to, locale, data: { newEmail: 'new@example.com' } };
    case 'reset_password':
      return {
        template,
        to,
        locale,
        data: { resetUrl: `${web}/${locale}/auth/reset-password/t3`, expiresInHours: 1 },
      };
    case 'password_changed':
      return { template, to, locale, data: { changedAt: '2026-11-22T14:05:00.000Z' } };
    case 'saved_search_alert':
      return {
        template,
        to,
        locale,
        data: {
          searchName: hostile,
          searchUrl: `${web}/${locale}/search/prodej/byty`,
          unsubscribeUrl: `${web}/unsubscribe?t=a&b=c`,
          offers: [
            { title: 'Byt 3+kk, Praha', url: `/${locale}/property/1`, price: '5 000 000 Kč', photoUrl: null },
            {
              title: hostile,
              url: `${web}/${locale}/property/2`,
              price: '7 100 000 Kč',
              photoUrl: `${web}/p.webp`,
              kind: 'back_on_market',
            },
          ],
        },
      };
    // Issue 44 point 2: changes of favourite offers.
    case 'favorite_alert':
      return {
        template,
        to,
        locale,
        data: {
          favoritesUrl: `${web}/${locale}/account/favorites`,
          unsubscribeUrl: `https://api.estately.example/user/favorite_alerts/unsubscribe?token=1.k.m`,
          changes: [
            {
              change: 'price_drop',
              title: hostile,
              url: `${web}/${locale}/property/3#history`,
              price: '4 500 000 Kč',
              oldPrice: '4 900 000 Kč',
              photoUrl: `${web}/p.webp`,
            },
            {
              change: 'reserved',
              title: 'Byt 2+1, Brno',
              url: `/${locale}/property/4#history`,
              price: '3 000 000 Kč',
              oldPrice: null,
              photoUrl: null,
            },
          ],
        },
      };
  }
}

describe.each(LOCALES)('every template in %s', (locale) => {
  it.each(EMAIL_TEMPLATES)('%s', (template) => {
    const input = payload(template, locale);
    // The sample payloads pass the worker's own payload check.
    expect(parseEmailPayload(`email.${template}`, input)).toEqual(input);
    const english = renderEmail({ ...input, locale: 'en' }, { publicWebUrl: web });
    const rendered = renderEmail(input, { publicWebUrl: web });

    expect(rendered.subject.trim()).not.toBe('');
    if (!locale.startsWith('en')) {
      expect(rendered.subject).not.toBe(english.subject);
      expect(rendered.text).not.toBe(english.text);
    }
    expect(rendered.html).toMatch(new RegExp(`<html lang="[^"]+" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`));
    expect(rendered.html).toContain('Estately');
    // Data is escaped: no markup of ours or anyone's but the layout's.
    expect(rendered.html).not.toContain('<script');
    if (rendered.text.includes(hostile))
      expect(rendered.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp;');
    // Every link is absolute (or a mailto: built by the template).
    for (const [, href] of rendered.html.matchAll(/href="([^"]*)"/g))
      expect(href).toMatch(/^(https:\/\/|mailto:)/);
    for (const [, href] of rendered.html.matchAll(/src="([^"]*)"/g)) expect(href).toMatch(/^https:\/\//);
    // No placeholder left unfilled.
    expect(rendered.text).not.toMatch(/\{[a-z_]+\}/i);
    expect(rendered.html).not.toMatch(/\{[a-z_]+\}/i);
  });
});

describe('template details', () => {
  it('links are made absolute against the web origin and appear in the plain text too', () => {
    const rendered = renderEmail(payload('confirm_email', 'cs'), { publicWebUrl: web });
    expect(rendered.html).toContain(`href="${web}/cs/auth/confirm-email/t1"`);
    expect(rendered.text).toContain(`${web}/cs/auth/confirm-email/t1`);
    expect(rendered.subject).toBe('Potvrďte svou e-mailovou adresu');
  });

  it('dates follow the locale (Intl) and say UTC', () => {
    const cs = renderEmail(payload('password_changed', 'cs'), { publicWebUrl: web });
    expect(cs.text).toContain('22.11.2026 14:05 UTC');
    const enGB = renderEmail(payload('password_changed', 'en-GB'), { publicWebUrl: web });
    expect(enGB.text).toContain('22/11/2026 14:05 UTC');
    const en = renderEmail(payload('password_changed', 'en'), { publicWebUrl: web });
    expect(en.text).toContain('11/22/2026 2:05');
    expect(en.html).toContain(`href="${web}/en/auth/lost-password"`);
  });

  it('plurals follow the locale: the alert counts its offers', () => {
    const single = payload('saved_search_alert', 'pl') as EmailJobPayload<'saved_search_alert'>;
    single.data.offers = single.data.offers.slice(0, 1);
    expect(renderEmail(single, { publicWebUrl: web }).subject).toContain('1 ');
    const pl = renderEmail(payload('saved_search_alert', 'pl'), { publicWebUrl: web });
    expect(pl.subject).toMatch(/^2 nowe/);
    expect(pl.headers['List-Unsubscribe']).toBe(`<${web}/unsubscribe?t=a&b=c>`);
    expect(pl.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(pl.html).toContain(`href="${web}/unsubscribe?t=a&amp;b=c"`);
  });

  it('alerts say what changed, link the timeline and unsubscribe in one click (issue 44 point 2)', () => {
    const digest = renderEmail(payload('saved_search_alert', 'en'), { publicWebUrl: web });
    expect(digest.text).toContain('- Back on the market: ');
    expect(digest.text).not.toContain('- Back on the market: Byt 3+kk');
    const cs = renderEmail(payload('favorite_alert', 'cs'), { publicWebUrl: web });
    expect(cs.subject).toBe('Změny u 2 oblíbených nabídek');
    expect(cs.text).toContain('Cena snížena z 4 900 000 Kč na 4 500 000 Kč');
    expect(cs.text).toContain('Rezervováno: Byt 2+1, Brno');
    expect(cs.html).toContain(`href="${web}/cs/property/4#history"`);
    expect(cs.html).toContain(`href="${web}/cs/account/settings/notifications"`);
    expect(cs.headers['List-Unsubscribe']).toBe(
      '<https://api.estately.example/user/favorite_alerts/unsubscribe?token=1.k.m>',
    );
    expect(cs.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const gb = renderEmail(payload('favorite_alert', 'en-GB'), { publicWebUrl: web });
    expect(gb.subject).toBe('2 favourite offers have changed');
    const ar = renderEmail(payload('favorite_alert', 'ar'), { publicWebUrl: web });
    expect(ar.subject).toBe('تغيّر عرضان من مفضلتك');
  });

  it('regional locales use their own wording where it differs', () => {
    const gb = renderEmail(payload('offer_message', 'en-GB'), { publicWebUrl: web });
    expect(gb.text).toContain('House to rent');
    const ch = renderEmail(payload('confirm_email', 'de-CH'), { publicWebUrl: web });
    // Written Standard German, not the spoken "Grüezi" (locale review 2026-12).
    expect(ch.text).toContain('Guten Tag,');
    expect(ch.text).not.toContain('Grüezi');
    expect(ch.text).toContain('Freundliche Grüsse');
    expect(ch.text).not.toContain('ß');
  });

  it('refuses links that are not web addresses', () => {
    const input = payload('reset_password', 'en') as EmailJobPayload<'reset_password'>;
    input.data.resetUrl = 'javascript:alert(1)';
    expect(() => renderEmail(input, { publicWebUrl: web })).toThrow(/not an http\(s\) address/);
  });

  it('writes a locale outside the 30 in the closest one, else in English', () => {
    const german = parseEmailPayload('email.email_changed', {
      ...payload('email_changed', 'de'),
      locale: 'de-DE',
    });
    expect(german.locale).toBe('de');
    const unknown = parseEmailPayload('email.email_changed', {
      ...payload('email_changed', 'de'),
      locale: 'xx',
    });
    expect(unknown.locale).toBe('en');
    expect(renderEmail(german, { publicWebUrl: web }).subject).toBe(
      'Ihre Anmelde-E-Mail-Adresse wurde geändert',
    );
  });

  it('the payload check names what is wrong', () => {
    expect(() =>
      parseEmailPayload('email.change_email', {
        template: 'change_email',
        to: 'a@example.com',
        locale: 'de',
        data: { confirmUrl: 'https://x.example/c', expiresInHours: 24 },
      }),
    ).toThrow(/newEmail/);
    expect(() =>
      parseEmailPayload('email.reset_password', {
        template: 'confirm_email',
        to: 'a@example.com',
        locale: 'de',
        data: { confirmUrl: 'https://x.example/c', expiresInHours: 24 },
      }),
    ).toThrow(/does not match/);
  });
});
