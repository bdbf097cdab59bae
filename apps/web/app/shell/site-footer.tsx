import { PageLink } from './page-link.tsx';

export interface FooterLink {
  href: string;
  label: string;
}

export function SiteFooter(props: { links: FooterLink[]; navLabel: string; copyright: string }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={props.navLabel}>
          <ul className="site-footer__links">
            {props.links.map((link) => (
              <li key={link.href}>
                <PageLink to={link.href}>{link.label}</PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copy">{props.copyright}</p>
      </div>
    </footer>
  );
}
