import type { LimitId } from "@sams-web/domain/non-negotiables/contracts";
import { LIMIT_CHIPS } from "@sams-web/domain/non-negotiables/messages";

/** One "cannot accept in a partner" limit as a tappable chip: a labelled checkbox, 44 px tall. */
export function LimitChip({
  limit,
  checked,
  onToggle,
}: {
  limit: LimitId;
  checked: boolean;
  onToggle: (limit: LimitId) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-3 py-2 has-checked:border-rose has-checked:bg-rose-soft has-focus-visible:outline-3 has-focus-visible:outline-rose">
      <input type="checkbox" className="h-4 w-4 accent-rose" checked={checked} onChange={() => onToggle(limit)} />
      {LIMIT_CHIPS[limit]}
    </label>
  );
}
