import { LEGAL_DOCUMENTS } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/ui/brand-logo';
import { Container } from '../../components/ui/container';

export function Footer() {
  const { t } = useTranslation();
  const columns = [
    {
      title: t('footer.company'),
      links: [
        { to: '/about', label: t('pages.about') },
        { to: '/why-tradeops', label: t('pages.whyTradeops') },
        { to: '/contact', label: t('pages.contact') },
      ],
    },
    {
      title: t('footer.services'),
      links: [
        { to: '/services', label: t('footer.allServices') },
        { to: '/services/due-diligence', label: t('pages.dueDiligence') },
        { to: '/services/financing', label: t('pages.financing') },
      ],
    },
    {
      title: t('footer.resources'),
      links: [
        { to: '/operations', label: t('pages.operations') },
        { to: '/blog', label: t('pages.blog') },
      ],
    },
    {
      title: t('footer.legal'),
      links: LEGAL_DOCUMENTS.map((document) => ({ to: document.path, label: t(`legal.${document.key}.title`) })),
    },
  ];

  return (
    <footer className="on-dark bg-brand-950 text-brand-100">
      <Container className="grid gap-10 py-14 sm:grid-cols-2 md:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="max-w-sm">
          <Link to="/" className="inline-flex items-center gap-2 rounded-md">
            <BrandLogo className="size-8" />
            <span className="text-lg font-bold tracking-tight text-white">{t('common.appName')}</span>
          </Link>
          <p className="mt-4 text-sm leading-6 text-brand-200">{t('footer.tagline')}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="rounded-sm text-sm text-brand-200 hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t border-white/10">
        <Container className="py-6">
          <p className="text-sm text-brand-300">{t('footer.rights', { year: new Date().getFullYear() })}</p>
        </Container>
      </div>
    </footer>
  );
}
