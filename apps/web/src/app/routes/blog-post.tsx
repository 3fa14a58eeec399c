import { useParams } from 'react-router';
import { BlogArticle } from '../../features/content/components/blog-article';

export function BlogPostPage() {
  const { slug = '' } = useParams();
  return <BlogArticle key={slug} slug={slug} />;
}
