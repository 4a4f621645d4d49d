import { type Maker, type MakerStatus } from '@shared/schemas/public-api';
import { UserCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';

/**
 * Hand over to me: offered for a stopped key or webhook, and for one made by someone else.
 * Confirmed first: from then on it acts as the caller, with their role.
 */
export function HandOverButton({
  what,
  maker,
  status,
  me,
  pending,
  onHandOver,
}: {
  what: string;
  maker: Maker;
  status: MakerStatus;
  me: number | undefined;
  pending: boolean;
  onHandOver: () => void;
}) {
  const confirm = useConfirm();
  if (status === 'active' && (!maker || maker.id === me)) return null;
  const onClick = async () => {
    const ok = await confirm({
      title: `Hand ${what} over to you?`,
      description:
        status === 'active'
          ? `From now on it acts as you, with your role, instead of ${maker?.name ?? 'its maker'}.`
          : 'It works again at once, acting as you, with your role.',
      confirmLabel: 'Hand over to me',
    });
    if (ok) onHandOver();
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={<UserCheck size={16} aria-hidden />}
      pending={pending}
      onClick={onClick}
    >
      Hand over to me
    </Button>
  );
}
