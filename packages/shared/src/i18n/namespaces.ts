/**
 * The catalogs (es.json, en.json) stay one file per language, the one source the server and the
 * browser both read; the browser build splits them into namespaces by area, so a page downloads
 * only the texts it renders (the landing: the public chrome and its own sections). Each namespace
 * is a set of the catalog's sections (a section's top-level key, or one of its sub-keys); every
 * text belongs to exactly one namespace, the first that claims it, and the last one takes the rest.
 */
export const CATALOG_NAMESPACES = ['public', 'site', 'errors', 'account', 'admin', 'deals'] as const;
export type CatalogNamespace = (typeof CATALOG_NAMESPACES)[number];

export const NAMESPACE_CLAIMS: Record<Exclude<CatalogNamespace, 'deals'>, readonly string[]> = {
  // The public chrome (header, footer, page heads) and the landing's sections: bundled with the app.
  public: [
    'common',
    'nav',
    'footer',
    'pages',
    'seo',
    'countries',
    'legal.terms.title',
    'legal.privacy.title',
    'legal.escrow.title',
    // What a request that never reached the server says (offline: no namespace can be fetched then).
    'errors.network',
    'errors.invalidResponse',
    'landing',
    'heroCta',
    'featured',
    'teaser',
    'faq',
    'process',
    'securePayment',
    'stats',
    'operations',
    'operationStatus',
    'productCategories',
    'search',
    'catalogue',
    'detail',
  ],
  // The other public pages: content, legal texts, contact, the supply side's landing.
  site: [
    'about',
    'why',
    'services',
    'contentCta',
    'blog',
    'explore',
    'contact',
    'legal',
    'supplyLanding',
    'supplyHome',
    'sellerRecord',
  ],
  // Error and validation messages: fetched with the first form or the first failed request.
  errors: ['errors', 'validation'],
  // Accounts and the signed-in chrome (account menu, notifications, KYC, settings, area sidebars).
  account: [
    'auth',
    'twoFactor',
    'kyc',
    'onboarding',
    'settings',
    'guards',
    'modes',
    'companyTypes',
    'notifications',
    'integrations',
    'sidebar',
    'buyerArea',
    'sellerArea',
  ],
  // The administration screens.
  admin: [
    'adminKyc',
    'adminMessages',
    'adminLedger',
    'adminSettings',
    'adminDashboard',
    'outbox',
    'compliance',
    'ledgerMemos',
    'moneyConfirm',
    'payoutPreview',
  ],
};

/** The namespace a text belongs to, by its key's path (`['legal', 'terms', 'title']`). */
export function namespaceOfKey(path: readonly string[]): CatalogNamespace {
  for (const namespace of CATALOG_NAMESPACES) {
    if (namespace === 'deals') break;
    const claims = NAMESPACE_CLAIMS[namespace];
    for (let depth = 1; depth <= path.length; depth++) {
      if (claims.includes(path.slice(0, depth).join('.'))) return namespace;
    }
  }
  return 'deals';
}

type CatalogTree = { readonly [key: string]: string | CatalogTree };

/** The part of a catalog that belongs to a namespace (nested like the catalog; empty sections left out). */
export function catalogNamespace(catalog: CatalogTree, namespace: CatalogNamespace): CatalogTree {
  function pick(tree: CatalogTree, path: string[]): CatalogTree | null {
    const part: Record<string, string | CatalogTree> = {};
    for (const [key, value] of Object.entries(tree)) {
      const keyPath = [...path, key];
      if (typeof value === 'string') {
        if (namespaceOfKey(keyPath) === namespace) part[key] = value;
      } else {
        const child = pick(value, keyPath);
        if (child) part[key] = child;
      }
    }
    return Object.keys(part).length > 0 ? part : null;
  }
  return pick(catalog, []) ?? {};
}
