import { useParams } from 'react-router';
import { OperationDetail } from '../../features/operations/components/operation-detail';

export function OperationDetailPage() {
  const { id } = useParams();
  return <OperationDetail key={id} id={id} />;
}

export function FeaturedOperationPage() {
  return <OperationDetail isFeatured />;
}
