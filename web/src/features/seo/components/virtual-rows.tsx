import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type ReactNode, type RefObject } from 'react';

/** Spec 02 §9: list rows are 40 px high. */
const ROW_HEIGHT = 40;

/**
 * The rows of a long list in view (and a few either side) between two spacer rows, so a table of
 * 200,000 links stays a few dozen rows in the page. Loaded only once a list is longer than a
 * screenful or two: short lists render their rows as they are.
 */
export default function VirtualRows({
  scroller,
  count,
  colSpan,
  renderRow,
  onLastIndex,
}: {
  scroller: RefObject<HTMLDivElement | null>;
  count: number;
  colSpan: number;
  renderRow: (index: number) => ReactNode;
  /** The last row drawn, so the list asks for its next page in time. */
  onLastIndex: (index: number) => void;
}) {
  // The virtualiser measures on every render by design; the compiler leaves this component unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // The first render draws a screenful before the scroller is measured, rather than nothing.
    initialRect: { width: 0, height: 800 },
    // Measured from a layout effect, where React cannot flush synchronously: let it batch.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => onLastIndex(last), [last, onLastIndex]);
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {padTop > 0 ? (
        <tr aria-hidden className="audit-spacer">
          <td colSpan={colSpan} style={{ height: padTop }} />
        </tr>
      ) : null}
      {items.map((item) => renderRow(item.index))}
      {padBottom > 0 ? (
        <tr aria-hidden className="audit-spacer">
          <td colSpan={colSpan} style={{ height: padBottom }} />
        </tr>
      ) : null}
    </>
  );
}
