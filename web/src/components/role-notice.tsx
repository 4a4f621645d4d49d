import { permissionRefusal, type Permission } from '@shared/permissions';
import { Lock } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** What a role sees on a page it may not use: who may, and whom to ask. */
export default function RoleNotice({ permission, title }: { permission: Permission; title: string }) {
  return (
    <Card>
      <EmptyState icon={Lock} title={title}>
        {permissionRefusal(permission)} Ask an admin of this company if you need it.
      </EmptyState>
    </Card>
  );
}
