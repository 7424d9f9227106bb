import type { ReactNode } from "react";

/**
 * A wide table that scrolls sideways on a phone. The scrolling box takes keyboard focus
 * (and so has a name), or a keyboard user could never see its hidden columns.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
