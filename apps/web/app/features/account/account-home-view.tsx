import { Link } from 'react-router';
import type { Text } from '../../ui/forms/form-ui.tsx';

// The account's home: what needs the person's attention, with links to it.

export interface AccountHomeData {
  email: string;
  verified: boolean;
  newLeads: number | null;
  activeWatchDogs: number | null;
  drafts: number | null;
  favorites: number | null;
  links: {
    watchDogs: string;
    myOffers: string;
    leads: string;
    favorites: string;
    sendConfirm: string;
    settings: string;
  };
}

export function AccountHome({ home, t }: { home: AccountHomeData; t: Text }) {
  const items: { key: string; text: string; href: string }[] = [];
  if (home.newLeads)
    items.push({
      key: 'leads',
      text: t('account.new_leads', { count: home.newLeads }),
      href: home.links.leads,
    });
  if (home.drafts)
    items.push({
      key: 'drafts',
      text: t('account.drafts', { count: home.drafts }),
      href: home.links.myOffers,
    });
  if (home.activeWatchDogs !== null)
    items.push({
      key: 'watch-dogs',
      text: t('account.active_watch_dogs', { count: home.activeWatchDogs }),
      href: home.links.watchDogs,
    });
  if (home.favorites !== null)
    items.push({
      key: 'favorites',
      text: t('nav.favorites_count', { count: home.favorites }),
      href: home.links.favorites,
    });
  return (
    <>
      <p data-testid="account-email">{home.email}</p>
      {!home.verified && (
        <p className="notice" data-testid="account-unverified">
          {t('account.unverified')} <Link to={home.links.sendConfirm}>{t('auth.resend_confirmation')}</Link>
        </p>
      )}
      <h2>{t('account.attention')}</h2>
      <ul className="account-attention" data-testid="account-attention">
        {items.map((item) => (
          <li key={item.key} data-testid={`attention-${item.key}`}>
            <Link to={item.href}>{item.text}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to={home.links.settings}>{t('account.settings')}</Link>
      </p>
    </>
  );
}
