import { useLingui } from '@lingui/react/macro';
import { AdminShell } from '@/features/admin/admin-shell';
import { ReportsQueue } from '@/features/admin/reports-queue';
import { useDocumentTitle } from '@/lib/document-title';

/** /admin/reports: the reports queue and suspended accounts (decision 051). */
export function AdminReportsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Reports`);
  return (
    <AdminShell
      title={t`Reports`}
      description={t`Reports from travelers and providers, safety first, then newest. Each action is audit-logged and the reporter is told the outcome.`}
    >
      <ReportsQueue />
    </AdminShell>
  );
}
