import * as Switch from "@radix-ui/react-switch";
import type { ComponentProps } from "react";

/**
 * An on/off switch. The track is drawn 48×28 px, but the button around it is 56×44 px, so a finger
 * hits it on a phone without the switch looking any bigger.
 */
export function ToggleSwitch({ className = "", ...props }: Omit<ComponentProps<typeof Switch.Root>, "children">) {
  return (
    <Switch.Root
      {...props}
      className={`relative inline-flex h-11 w-14 shrink-0 items-center rounded-full outline-offset-2 before:absolute before:inset-x-1 before:top-1/2 before:h-7 before:-translate-y-1/2 before:rounded-full before:bg-ink-soft/40 before:transition-colors focus-visible:outline-2 focus-visible:outline-rose disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:before:bg-moss ${className}`}
    >
      <Switch.Thumb className="relative block h-6 w-6 translate-x-1.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[26px]" />
    </Switch.Root>
  );
}
