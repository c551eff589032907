import * as Slider from "@radix-ui/react-slider";
import { useId } from "react";

/**
 * One labelled Radix slider. `onChange` fires while it moves (dragging or keys); `onCommit` when
 * it settles (a key press, or letting go). Radix may call onCommit before the matching onChange,
 * so whether a pointer is down is reported separately rather than inferred from their order.
 */
export function RangeSlider({
  label,
  value,
  min,
  max,
  valueText,
  onChange,
  onCommit,
  onDragChange,
  disabled = false,
  thumbId,
  fillTowards = "min",
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  valueText: string;
  onChange: (value: number) => void;
  onCommit: (value: number) => void;
  /** True while a pointer holds the slider, false once it is released anywhere. */
  onDragChange: (dragging: boolean) => void;
  disabled?: boolean;
  /** The thumb's id, for a control elsewhere on the page that brings it into focus. */
  thumbId?: string;
  /**
   * Which side of the thumb is coloured as "included": the lower values (an oldest age, a radius)
   * or the higher ones (a youngest age: everyone from it up to the person's own age is shown).
   */
  fillTowards?: "min" | "max";
}) {
  const labelId = useId();
  const position = max > min ? ((value - min) / (max - min)) * 100 : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <span id={labelId} className="field-label">
          {label}
        </span>
        <span className="text-sm text-ink-soft" aria-hidden="true">
          {valueText}
        </span>
      </div>
      <Slider.Root
        className="relative flex h-8 w-full touch-none select-none items-center"
        data-slider=""
        value={[value]}
        min={min}
        max={max}
        step={1}
        disabled={disabled}
        onValueChange={([v]) => v !== undefined && onChange(v)}
        onValueCommit={([v]) => v !== undefined && onCommit(v)}
        onPointerDown={() => {
          onDragChange(true);
          window.addEventListener("pointerup", () => onDragChange(false), { once: true });
        }}
      >
        <Slider.Track className="relative h-2 grow rounded-full bg-silk-deep">
          {fillTowards === "min" ? (
            <Slider.Range data-fill="" className="absolute h-full rounded-full bg-rose" />
          ) : (
            <span
              data-fill=""
              className="absolute inset-y-0 right-0 rounded-full bg-rose"
              style={{ left: `${position}%` }}
            />
          )}
        </Slider.Track>
        <Slider.Thumb
          id={thumbId}
          aria-labelledby={labelId}
          aria-valuetext={valueText}
          // 44 px to touch, drawn 24 px.
          className="group flex h-11 w-11 items-center justify-center rounded-full outline-none"
        >
          <span className="block h-6 w-6 rounded-full border-2 border-rose bg-white shadow group-focus-visible:outline-3 group-focus-visible:outline-rose" />
        </Slider.Thumb>
      </Slider.Root>
    </div>
  );
}
