import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';
import { preloadModules } from '@/lib/preload-modules';

// Radix's toast code is loaded with the first toast, not the first page (decision 012).
const ToastList = lazy(() => {
  preloadModules(['components/ui/toast-list.tsx']);
  return import('./toast-list').then((m) => ({ default: m.ToastList }));
});

/**
 * Where toasts appear. Nothing is rendered (or loaded) until the first toast; from then on the list
 * stays mounted, so toasts can animate out and the F8 hotkey keeps reaching the region.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && toasts.length > 0) setIsNeeded(true);
  if (!isNeeded && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
