/** The content feature's query keys: platform stats, the blog and the admin's contact messages. */
export const contentKeys = {
  stats: () => ['content', 'stats'] as const,
  blogList: (language: string) => ['blog', 'list', language] as const,
  blogPost: (slug: string, language: string) => ['blog', 'post', slug, language] as const,
  contactMessages: () => ['admin', 'contact-messages'] as const,
};
