import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BlogListResponse, type BlogPost } from '@tradeops/shared';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './keys';

export function listBlogPosts(signal?: AbortSignal): Promise<BlogListResponse> {
  return apiRequest('/api/blog', (contracts) => contracts.ZBlogListResponse, { signal });
}

export function getBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiRequest(`/api/blog/${encodeURIComponent(slug)}`, (contracts) => contracts.ZBlogPost, { signal });
}

/** Articles are written per language: the language is part of the key. */
export function blogPostsQueryOptions(language: string) {
  return queryOptions({ queryKey: contentKeys.blogList(language), queryFn: ({ signal }) => listBlogPosts(signal) });
}

export function blogPostQueryOptions(slug: string, language: string) {
  return queryOptions({
    queryKey: contentKeys.blogPost(slug, language),
    queryFn: ({ signal }) => getBlogPost(slug, signal),
    retry: false,
  });
}

export function useBlogPosts(language: string) {
  return useQuery(blogPostsQueryOptions(language));
}

export function useBlogPost(slug: string, language: string) {
  return useQuery(blogPostQueryOptions(slug, language));
}
