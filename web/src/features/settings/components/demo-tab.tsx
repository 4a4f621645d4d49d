import { RotateCcw } from 'lucide-react';
import { notify } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useRecreateDemo } from '@/api/companies/recreate-demo';
import './demo-tab.css';

/** Shown only for demo companies. */
export function DemoTab() {
  const confirm = useConfirm();
  const recreate = useRecreateDemo();
  const onDelete = async () => {
    const ok = await confirm({
      title: 'Delete demo data?',
      description: "This removes the demo company's data, plans and posts. This cannot be undone.",
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    recreate.mutate(undefined, {
      onSuccess: () => notify.success('The demo data has been deleted.'),
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  return (
    <Card
      title="Demo company"
      description="A sandbox to try things out in. Wipe its data whenever you want a fresh start."
    >
      <div className="danger-zone">
        <div>
          <p className="danger-zone__title">Delete demo data</p>
          <p className="muted">Removes company data, plans and posts.</p>
        </div>
        <Button
          variant="danger"
          icon={<RotateCcw size={16} aria-hidden />}
          pending={recreate.isPending}
          onClick={onDelete}
        >
          Delete
        </Button>
      </div>
    </Card>
  );
}
