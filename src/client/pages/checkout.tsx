import { Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { signInPath } from '@shared/domain/return-path';
import { isNotFoundError } from '@/components/load-failed';
import { LoadFailed } from '@/components/load-failed-page';
import { useAuth } from '@/lib/auth-context';
import { useDocumentTitle } from '@/lib/document-title';
import { useCurrentPath } from '@/lib/sign-in-address';
import { serviceQuery } from '@/features/catalog/catalog-api';
import { CheckoutSkeleton, CheckoutView } from '@/features/checkout/checkout-view';
import { NotFoundPage } from './not-found';

/** /checkout/{id}: choose a day, a free start time and hours, and request (features/checkout). */
export function CheckoutPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useAuth();
  const currentPath = useCurrentPath();
  const { data: service, error, isPending, refetch } = useQuery({ ...serviceQuery(id), enabled: !!user });
  useDocumentTitle(service ? `Book ${service.title}` : 'Checkout');

  if (isLoading) return <CheckoutSkeleton />;
  // A visitor who is not signed in goes to sign in, and comes back here (decision 016).
  if (!user) return <Navigate to={signInPath(currentPath)} replace />;
  if (isPending) return <CheckoutSkeleton />;
  if (isNotFoundError(error)) return <NotFoundPage />;
  if (!service) return <LoadFailed what="this service" onRetry={() => void refetch()} />;
  return (
    <CheckoutView key={service.id} service={service} isOwn={service.provider.userId === user.id} role={user.role} />
  );
}
