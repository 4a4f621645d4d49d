import type { PropStatus } from '@shared/schemas/seo';
import { Badge } from '@/components/ui/badge';

const label = { error: 'Error', warning: 'Warning', notice: 'Notice', success: 'Passed' } as const;
const tone = { error: 'danger', warning: 'warning', notice: 'accent', success: 'success' } as const;

/** Spec 02 §9: errors high, warnings medium, notices low. */
export const SeverityBadge = ({ severity }: { severity: PropStatus }) => (
  <Badge tone={tone[severity]}>{label[severity]}</Badge>
);
