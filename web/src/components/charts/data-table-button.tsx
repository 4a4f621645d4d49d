import { Table2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Shows and hides a chart's numbers as a table (`table`, the id of the table's box). */
export function DataTableButton({ shown, table, onToggle }: { shown: boolean; table: string; onToggle: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      icon={<Table2 size={16} aria-hidden />}
      aria-expanded={shown}
      aria-controls={shown ? table : undefined}
      onClick={onToggle}
    >
      {shown ? 'Hide data table' : 'Show data table'}
    </Button>
  );
}
