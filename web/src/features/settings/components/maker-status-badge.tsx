import { PERMISSIONS, type Permission } from '@shared/permissions';
import { type MakerStatus, type Maker } from '@shared/schemas/public-api';
import { Badge } from '@/components/ui/badge';

/** What a maker's role lost, in words that fit "can no longer …". */
const NEED_WORDS: Partial<Record<Permission, string>> = { view: 'see the company’s data' };

function stoppedText(status: Exclude<MakerStatus, 'active'>, need: Permission) {
  if (status === 'maker-left') return 'Stopped: its maker left the company';
  return `Stopped: its maker’s role can no longer ${NEED_WORDS[need] ?? PERMISSIONS[need].action}`;
}

/** A key or webhook acts as its maker, so whether it works is theirs to lose. */
export function MakerStatusBadge({ status, need }: { status: MakerStatus; need: Permission }) {
  if (status === 'active') return <Badge tone="success">Active</Badge>;
  return (
    <span className="api-status">
      <Badge tone="danger">{stoppedText(status, need)}</Badge>
    </span>
  );
}

/** Who made a key or webhook, as its line says it. */
export const madeBy = (maker: Maker, me: number | undefined) =>
  !maker ? 'maker unknown' : maker.id === me ? 'made by you' : `made by ${maker.name}`;
